//! Workspace configuration: `.lexls.toml` at the workspace root, then environment variables.
//!
//! ```toml
//! [index]
//! dir = "/path/to/index"          # default: the user cache dir (LEXLS_INDEX_DIR); see below
//! max_file_mb = 20                # larger files are skipped with a warning
//! exclude = ["drafts/**"]         # on top of .gitignore
//! include = ["sections/**"]       # only these (default: everything)
//!
//! [model]
//! dir = "/path/to/onnx-model"     # default: LEXLS_MODEL_DIR, else the user cache dir
//! runtime = "/path/libonnxruntime.so"   # default: ORT_DYLIB_PATH, else next to the model
//! enabled = true
//!
//! [diagnostics]                   # error | warning | information | hint | off
//! unresolved = "warning"          # cited number lies among the sections the workspace has
//! unresolved_outside = "information"  # … in a part of the code the workspace lacks
//! missing_subsection = "warning"
//! ambiguous = "warning"
//! repealed = "warning"
//! external = "off"                # citations of codes the workspace does not hold
//! in_notes = false                # also check notes, source credits, quoted amendments
//!
//! [authority]
//! policy = 0.6                    # statute 1.0, regulation 0.9, case 0.8, guidance 0.7
//! retrieval = 0.0                 # share of authority in retrieval scores (reranking: full)
//!
//! [retrieval]
//! top_k = 5                       # sources when `adaptive = false`
//! mode = "hybrid"                 # bm25 | dense | hybrid (bm25 never loads the model)
//! fusion = "weighted"             # weighted (min-max, α) | rrf
//! alpha = 0.3                     # weight of dense scores in weighted fusion
//! normalization = "minmax"        # minmax | theoretical | zscore: scores put on one scale
//! rrf_k = 60
//! adaptive = false                # parameters from the query-complexity class
//! rewrite = false                 # deterministic query rewrites
//! kg = false                      # knowledge-graph retrieval
//! rm3 = false                     # RM3 pseudo-relevance feedback
//! k1 = 1.6                        # BM25 term-frequency saturation
//! b = 0.75                        # BM25 length normalisation
//! # context_weight = 2.0          # BM25F: weight of ancestry and heading (unset: one text)
//! proximity = false               # BM25 term proximity (Büttcher et al. 2006)
//! granularity = "best"            # best | section | passage | mean: what a section is scored at
//! # Only hybrid fusion passed cross-validation; every other stage is off (docs/measurements.md).
//!
//! [params]                        # per complexity class (HyPA-RAG Tables 5 and 6)
//! k = [3, 5, 7]                   # sources (top-k)
//! rewrites = [3, 5, 7]            # query rewrites (Q)
//! kg_keywords = [3, 4, 5]         # keywords matched in the knowledge graph (K)
//! kg_path = [1, 2, 3]             # longest knowledge-graph walk (S)
//!
//! [reranker]
//! dir = "/path/to/cross-encoder"  # ONNX cross-encoder (model.onnx + tokenizer.json); off when unset
//!
//! [classifier]                    # query complexity (HyPA-RAG §7)
//! model = "models/complexity.json"  # default: the built-in model
//! classes = 3                     # 3: one, two, three or more contexts; 2: one, more
//!
//! [llm]                           # OpenAI-compatible; without it answers are extractive
//! url = "http://localhost:11434/v1"   # LEXLS_LLM_URL
//! model = "llama3.1:8b"           # LEXLS_LLM_MODEL
//! api_key_env = "LEXLS_LLM_API_KEY"   # the variable holding the key
//! timeout_s = 60                 # per answer: rewrite, answer and correction share it
//! max_context_chars = 6000        # sources' text in the prompt
//! temperature = 0.2
//! max_tokens = 512
//!
//! [[documents]]                   # kind and namespace by glob
//! glob = "policies/**"
//! kind = "policy"
//! ```
//!
//! Where lexls writes is the user's choice, not the workspace's: an `[index] dir` from
//! `.lexls.toml` or from the editor's settings (which may come with the repository, as
//! `.vscode/settings.json` does) is used only inside lexls's own index cache
//! (`~/.cache/lexls/index/`) unless the user allows it by setting
//! `LEXLS_ALLOW_WORKSPACE_INDEX_DIR=1` in the environment; `LEXLS_INDEX_DIR` is the user's
//! own choice ([`IndexConfig::dir_trusted`], checked by [`crate::workspace::index_dir`]).

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use lexls_syntax::model::DocumentKind;
use lexls_syntax::parse::Hints;

/// The name of the workspace configuration file.
pub const CONFIG_FILE: &str = ".lexls.toml";

/// An error reading the configuration.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    /// The file exists but could not be read.
    #[error("cannot read {path}: {source}")]
    Read {
        /// The file.
        path: PathBuf,
        /// The I/O error.
        source: std::io::Error,
    },
    /// The file is not valid TOML or has unknown or ill-typed keys.
    #[error("{path}: {message}")]
    Invalid {
        /// The file (or `initializationOptions`).
        path: PathBuf,
        /// What is wrong, with the line and the key.
        message: String,
    },
}

/// How a class of diagnostics is reported.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// An error.
    Error,
    /// A warning.
    Warning,
    /// Information.
    Information,
    /// A hint.
    Hint,
    /// Not reported.
    Off,
}

/// Index settings.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct IndexConfig {
    /// Where the index lives; default: a directory per workspace in the user cache dir. A
    /// relative path is relative to the workspace root. Unless [`Self::dir_trusted`], it is
    /// used only inside lexls's own index cache.
    pub dir: Option<PathBuf>,
    /// Whether the user's own settings chose or allowed `dir`: `LEXLS_INDEX_DIR`, or
    /// `LEXLS_ALLOW_WORKSPACE_INDEX_DIR` set ([`Config::apply_env`]). Not a setting of its
    /// own (never read from `.lexls.toml` or the editor's settings, never serialized), so a
    /// workspace cannot vouch for the directory it names.
    #[serde(skip)]
    pub dir_trusted: bool,
    /// Files larger than this (MiB) are skipped with a warning.
    pub max_file_mb: u64,
    /// Globs (relative to the root) to leave out, on top of `.gitignore`.
    pub exclude: Vec<String>,
    /// When not empty, only files matching one of these globs are indexed.
    pub include: Vec<String>,
}

impl Default for IndexConfig {
    fn default() -> Self {
        Self {
            dir: None,
            dir_trusted: false,
            max_file_mb: 20,
            exclude: Vec::new(),
            include: Vec::new(),
        }
    }
}

/// Dense-model settings.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ModelConfig {
    /// Directory with `model.onnx`, `tokenizer.json`, `config.json`,
    /// `special_tokens_map.json` and `tokenizer_config.json`.
    pub dir: Option<PathBuf>,
    /// Path of the ONNX Runtime shared library (`libonnxruntime.so.1.31.0`).
    pub runtime: Option<PathBuf>,
    /// Set to `false` to use BM25 and the citation graph only.
    pub enabled: bool,
    /// Passages the indexer hands the embedder at a time (the unit of progress and of
    /// cancellation when files change); the embedder runs them through the model in smaller
    /// batches of at most [`ModelConfig::batch_tokens`].
    pub batch_size: usize,
    /// Word pieces per run of the model at most, padding included (passages are batched
    /// shortest first, so that little is padding). ONNX Runtime keeps the memory of the
    /// largest batch it has run: this bounds the memory of embedding, and small batches
    /// are also faster on CPU (see `docs/measurements.md`). At least 256, one passage.
    pub batch_tokens: usize,
    /// ONNX Runtime intra-op threads; default: all cores.
    pub threads: Option<usize>,
    /// Embed a passage longer than the model reads (256 word pieces) as overlapping windows
    /// and score it by its best window; `false` embeds its first 256 pieces only
    /// (`LEXLS_DENSE_WINDOWS=0`).
    pub windows: bool,
}

impl Default for ModelConfig {
    fn default() -> Self {
        Self {
            dir: None,
            runtime: None,
            enabled: true,
            batch_size: 32,
            batch_tokens: 1024,
            threads: None,
            windows: true,
        }
    }
}

/// Severities of citation diagnostics.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct DiagnosticsConfig {
    /// A cited section missing from a code the workspace has, its number among the
    /// workspace's sections of that code.
    pub unresolved: Severity,
    /// A cited section missing from a code the workspace has only part of.
    pub unresolved_outside: Severity,
    /// A cited subsection that its section does not have.
    pub missing_subsection: Severity,
    /// A bare citation that several codes of the workspace could mean.
    pub ambiguous: Severity,
    /// A citation of a repealed provision.
    pub repealed: Severity,
    /// A citation of a code the workspace does not hold.
    pub external: Severity,
    /// Also check citations in notes, source credits and quoted text of amendments (USLM
    /// `<notes>`, `<sourceCredit>`, `<quotedContent>`; D.C. Code annotations; Akoma Ntoso
    /// `<authorialNote>`; in text, block quotes and the quotations of an amendatory
    /// instruction). Off by default: they cite former numbers and the provisions of other
    /// laws. Their citations resolve for hover and definition either way.
    pub in_notes: bool,
}

impl Default for DiagnosticsConfig {
    fn default() -> Self {
        Self {
            unresolved: Severity::Warning,
            unresolved_outside: Severity::Information,
            missing_subsection: Severity::Warning,
            ambiguous: Severity::Warning,
            repealed: Severity::Warning,
            external: Severity::Off,
            in_notes: false,
        }
    }
}

/// Authority weights (seed 003).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct AuthorityConfig {
    /// Weight of internal policies, in `[0, 1]`.
    pub policy: f32,
    /// How much authority scales retrieval scores before reranking, in `[0, 1]`: a score is
    /// multiplied by `1 − retrieval · (1 − authority)`. Full weight (1) put statutes above
    /// the rules a question was about (NYC LL144 MRR@10 0.756 against 0.769 at 0.1). Off by
    /// default (0): under cross-validation over the development sets it did not improve
    /// held-out MRR@10 on most sets (`docs/measurements.md`, issue 12); 0.1 breaks near ties
    /// in a workspace that mixes statutes, rules and policies. The reranker applies the full
    /// weight.
    pub retrieval: f32,
}

impl Default for AuthorityConfig {
    fn default() -> Self {
        Self {
            policy: 0.6,
            retrieval: 0.0,
        }
    }
}

impl AuthorityConfig {
    /// The factor a retrieval score of a document of `kind` is multiplied by.
    pub fn retrieval_factor(&self, kind: DocumentKind) -> f32 {
        1.0 - self.retrieval * (1.0 - kind.authority(self.policy))
    }
}

/// Which retrievers run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum RetrievalMode {
    /// BM25 only.
    Bm25,
    /// Dense vectors only.
    Dense,
    /// BM25 and dense fused by reciprocal rank fusion.
    #[default]
    Hybrid,
}

/// How BM25 and dense rankings are fused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum FusionMethod {
    /// Reciprocal rank fusion (Cormack et al., 2009) with `rrf_k`.
    Rrf,
    /// Min-max normalised `α · dense + (1 − α) · BM25` (seed 003).
    #[default]
    Weighted,
}

/// Retrieval settings.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct RetrievalConfig {
    /// Sections given to the answer when the parameters are not adaptive.
    pub top_k: usize,
    /// Retrievers to run. Default hybrid (BM25 + dense, α 0.3): with passages embedded as
    /// windows the model reads whole, dense fusion improved held-out MRR@10 on all four
    /// development sets under 5-fold cross-validation (issue 12, `docs/measurements.md`).
    /// Without a model, BM25 alone.
    pub mode: RetrievalMode,
    /// How the BM25 and dense rankings are fused.
    pub fusion: FusionMethod,
    /// Weight of the dense scores in weighted fusion, in `[0, 1]`.
    pub alpha: f32,
    /// How weighted fusion puts each retriever's scores on one scale: `minmax` (the
    /// observed bounds, seed 003), `theoretical` (from the least score the function can
    /// give, Bruch et al. 2023) or `zscore` (Montague and Aslam 2001).
    pub normalization: crate::search::ScoreNorm,
    /// The `k` constant of reciprocal rank fusion (Cormack et al., 2009).
    pub rrf_k: f32,
    /// Candidates each retriever returns before fusion: sections for BM25 (each as its best
    /// chunk), chunks for the dense retriever.
    pub candidates: usize,
    /// Parameters (k, Q, K, S) from the query-complexity class (HyPA-RAG); when off, `top_k`
    /// and the middle class's Q, K and S. Off by default, as every stage below: none
    /// improved held-out MRR@10 on most development sets at a cost of at most 1% on the
    /// others (`docs/measurements.md`, issue 12); each stays available here.
    pub adaptive: bool,
    /// Deterministic query rewrites (HyPA-RAG § 4.2, without an LLM).
    pub rewrite: bool,
    /// Knowledge-graph retrieval (HyPA-RAG § 4.4) and its triplets as answer context.
    pub kg: bool,
    /// RM3 pseudo-relevance feedback for BM25 ([`crate::search::prf`]).
    pub rm3: bool,
    /// BM25's term-frequency saturation k1 ([`crate::search::scoring`]). Default 1.6: chosen
    /// by 5-fold cross-validation over the four development sets in every fold, against
    /// 1.2 (Robertson's usual value), 0.9 and 1.2 with other b (`docs/measurements.md`).
    pub k1: f32,
    /// BM25's length normalisation b, in `[0, 1]`.
    pub b: f32,
    /// BM25F weight of a passage's context (ancestry and heading) against its body's 1;
    /// unset (the default: BM25F at 2 or 4 lowered held-out MRR@10 on most development
    /// sets): context and body scored as one text.
    pub context_weight: Option<f32>,
    /// Term proximity in BM25 (Büttcher et al., SIGIR 2006). Off by default: it lowered
    /// held-out MRR@10 on three of the four development sets.
    pub proximity: bool,
    /// The passages a section is scored at by BM25: `best` (its best chunk), `section`
    /// (the whole section), `passage` (its best subsection or window), `mean` (the mean of
    /// the two).
    pub granularity: crate::search::scoring::Granularity,
}

impl Default for RetrievalConfig {
    fn default() -> Self {
        Self {
            top_k: 5,
            mode: RetrievalMode::Hybrid,
            fusion: FusionMethod::Weighted,
            alpha: 0.3,
            normalization: crate::search::ScoreNorm::MinMax,
            rrf_k: 60.0,
            candidates: 50,
            adaptive: false,
            rewrite: false,
            kg: false,
            rm3: false,
            k1: 1.6,
            b: 0.75,
            context_weight: None,
            proximity: false,
            granularity: crate::search::scoring::Granularity::Best,
        }
    }
}

impl RetrievalConfig {
    /// The fusion in force.
    pub fn fusion(&self) -> crate::search::Fusion {
        match self.fusion {
            FusionMethod::Rrf => crate::search::Fusion::Rrf { k: self.rrf_k },
            FusionMethod::Weighted => crate::search::Fusion::Weighted {
                alpha: self.alpha,
                norm: self.normalization,
            },
        }
    }

    /// The BM25 scoring constants in force.
    pub fn bm25_params(&self) -> crate::search::scoring::Bm25Params {
        crate::search::scoring::Bm25Params {
            k1: self.k1,
            b: self.b,
            context_weight: self.context_weight,
            proximity: self.proximity,
            granularity: self.granularity,
        }
    }
}

/// Overrides of the per-class parameters (`[params]`): one value per complexity class,
/// class 0 first. Unset lists take the HyPA-RAG defaults (Tables 5 and 6 of the paper).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(default, deny_unknown_fields)]
pub struct ParamsConfig {
    /// Top-k sources per class.
    pub k: Option<Vec<usize>>,
    /// Query rewrites (Q) per class.
    pub rewrites: Option<Vec<usize>>,
    /// Knowledge-graph keywords (K) per class.
    pub kg_keywords: Option<Vec<usize>>,
    /// Longest knowledge-graph path (S) per class.
    pub kg_path: Option<Vec<usize>>,
}

/// A cross-encoder reranker (`[reranker]`), off unless `dir` is set.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(default, deny_unknown_fields)]
pub struct RerankerConfig {
    /// Directory of an ONNX cross-encoder: `model.onnx`, `tokenizer.json`, `config.json`,
    /// `special_tokens_map.json`, `tokenizer_config.json` (the layout of a Hugging Face
    /// export). Relative paths are relative to the workspace root.
    pub dir: Option<PathBuf>,
    /// Candidates given to the reranker (default 20).
    pub candidates: Option<usize>,
}

/// Kind and namespace for the files a glob matches.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DocumentRule {
    /// Glob relative to the workspace root (`policies/**`).
    pub glob: String,
    /// Kind of the matched documents.
    pub kind: Option<DocumentKind>,
    /// Namespace (code) of the matched documents.
    pub namespace: Option<String>,
}

/// Editor aids (`[editor]`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct EditorConfig {
    /// Show the cited section's heading after each citation (inlay hints).
    pub inlay_hints: bool,
    /// Show "cited by N" above each section heading (code lens).
    pub code_lens: bool,
}

impl Default for EditorConfig {
    fn default() -> Self {
        Self {
            inlay_hints: false,
            code_lens: true,
        }
    }
}

/// An OpenAI-compatible chat-completions endpoint (`[llm]`; `LEXLS_LLM_URL`,
/// `LEXLS_LLM_MODEL`). With a URL, `lexls ask` generates answers from the retrieved sources
/// and verifies their citations; without one, answers are extractive.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct LlmConfig {
    /// Base URL (`http://localhost:11434/v1`, `http://localhost:8080`): `/v1/chat/completions`
    /// is appended as needed.
    pub url: Option<String>,
    /// Model name (`llama3.1:8b`); sent when set.
    pub model: Option<String>,
    /// Name of the environment variable holding the API key (the key itself never goes in
    /// the file); sent as a Bearer token when the variable is set.
    pub api_key_env: String,
    /// Deadline of one answer, seconds: every request to the model for it (the query
    /// rewrite, at most half of it; the answer; the correction round), connecting, waiting
    /// and streaming included, shares it.
    pub timeout_s: u64,
    /// Budget of the sources' text in the prompt, characters (small models need little).
    pub max_context_chars: usize,
    /// Sampling temperature.
    pub temperature: f32,
    /// Longest generated answer, tokens (0: the server's default).
    pub max_tokens: u32,
    /// Ask the model for the Q query rewrites of the question's class (one request before
    /// retrieval), on top of the deterministic ones.
    pub rewrite: bool,
}

impl Default for LlmConfig {
    fn default() -> Self {
        Self {
            url: None,
            model: None,
            api_key_env: "LEXLS_LLM_API_KEY".into(),
            timeout_s: 60,
            max_context_chars: 6_000,
            temperature: 0.2,
            max_tokens: 512,
            rewrite: true,
        }
    }
}

/// The query-complexity classifier (`[classifier]`): which model classifies questions
/// into the number of contexts they need (HyPA-RAG §7; see [`crate::classify`]).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ClassifierConfig {
    /// A model written by `lexls classifier train` (JSON), relative to the workspace root;
    /// default: the built-in model. A file that cannot be loaded falls back to the built-in
    /// model with a warning.
    pub model: Option<PathBuf>,
    /// 3 (one, two, three or more contexts) or 2 (one, more).
    pub classes: u8,
}

impl Default for ClassifierConfig {
    fn default() -> Self {
        Self {
            model: None,
            classes: 3,
        }
    }
}

/// The whole configuration.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    /// `[index]`.
    pub index: IndexConfig,
    /// `[model]`.
    pub model: ModelConfig,
    /// `[diagnostics]`.
    pub diagnostics: DiagnosticsConfig,
    /// `[authority]`.
    pub authority: AuthorityConfig,
    /// `[retrieval]`.
    pub retrieval: RetrievalConfig,
    /// `[params]`.
    pub params: ParamsConfig,
    /// `[reranker]`.
    pub reranker: RerankerConfig,
    /// `[llm]`.
    pub llm: LlmConfig,
    /// `[editor]`.
    pub editor: EditorConfig,
    /// `[classifier]`.
    pub classifier: ClassifierConfig,
    /// `[[documents]]`.
    pub documents: Vec<DocumentRule>,
}

impl Config {
    /// Whether retrieval uses dense vectors (`[retrieval] mode` is `hybrid` or `dense`) and
    /// the model is enabled: only then is the embedding model loaded and the workspace
    /// embedded.
    pub fn uses_dense(&self) -> bool {
        self.model.enabled && self.retrieval.mode != RetrievalMode::Bm25
    }

    /// Reads `<root>/.lexls.toml` (defaults when it does not exist).
    ///
    /// # Errors
    /// [`ConfigError`] when the file cannot be read, is not TOML, or has unknown or
    /// ill-typed keys.
    pub fn load(root: &Path) -> Result<Self, ConfigError> {
        let path = root.join(CONFIG_FILE);
        match std::fs::read_to_string(&path) {
            Ok(text) => Self::from_toml(&text, &path),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Self::default()),
            Err(source) => Err(ConfigError::Read { path, source }),
        }
    }

    /// Parses TOML text; `path` names it in error messages.
    ///
    /// # Errors
    /// [`ConfigError::Invalid`] with the line and key of the problem.
    pub fn from_toml(text: &str, path: &Path) -> Result<Self, ConfigError> {
        let config: Self = toml::from_str(text).map_err(|e| ConfigError::Invalid {
            path: path.to_path_buf(),
            message: e.to_string().trim().to_string(),
        })?;
        config.validate(path)?;
        Ok(config)
    }

    /// Reads settings given as a table rather than as text (an editor's settings, merged over
    /// the file's): the same keys, types and checks as [`Self::from_toml`]; `source` names
    /// where they came from in error messages.
    ///
    /// # Errors
    /// [`ConfigError::Invalid`] naming the key (`retrieval.alpha`) and what is wrong with it.
    pub fn from_table(table: toml::Table, source: &Path) -> Result<Self, ConfigError> {
        let config: Self = table.try_into().map_err(|e: toml::de::Error| {
            // Without a text to point into, the error says the key on a line of its own.
            let message = e.to_string();
            ConfigError::Invalid {
                path: source.to_path_buf(),
                message: message.split_whitespace().collect::<Vec<_>>().join(" "),
            }
        })?;
        config.validate(source)?;
        Ok(config)
    }

    fn validate(&self, path: &Path) -> Result<(), ConfigError> {
        let invalid = |message: String| ConfigError::Invalid {
            path: path.to_path_buf(),
            message,
        };
        if !(0.0..=1.0).contains(&self.authority.policy) {
            return Err(invalid(format!(
                "authority.policy = {} is outside [0, 1]",
                self.authority.policy
            )));
        }
        if self.retrieval.top_k == 0 || self.retrieval.candidates == 0 {
            return Err(invalid(
                "retrieval.top_k and retrieval.candidates must be at least 1".into(),
            ));
        }
        if !(0.0..=1.0).contains(&self.authority.retrieval) {
            return Err(invalid(format!(
                "authority.retrieval = {} is outside [0, 1]",
                self.authority.retrieval
            )));
        }
        if !(0.0..=1.0).contains(&self.retrieval.alpha) {
            return Err(invalid(format!(
                "retrieval.alpha = {} is outside [0, 1]",
                self.retrieval.alpha
            )));
        }
        if !(0.0..=1.0).contains(&self.retrieval.b) {
            return Err(invalid(format!(
                "retrieval.b = {} is outside [0, 1]",
                self.retrieval.b
            )));
        }
        if !(self.retrieval.k1 >= 0.0 && self.retrieval.k1 <= 10.0) {
            return Err(invalid(format!(
                "retrieval.k1 = {} is outside [0, 10]",
                self.retrieval.k1
            )));
        }
        if let Some(w) = self.retrieval.context_weight
            && !(w > 0.0 && w <= 20.0)
        {
            return Err(invalid(format!(
                "retrieval.context_weight = {w} is outside (0, 20]"
            )));
        }
        for (name, list) in [
            ("k", &self.params.k),
            ("rewrites", &self.params.rewrites),
            ("kg_keywords", &self.params.kg_keywords),
            ("kg_path", &self.params.kg_path),
        ] {
            if let Some(list) = list
                && !(2..=3).contains(&list.len())
            {
                return Err(invalid(format!(
                    "params.{name} needs one value per complexity class (2 or 3), not {}",
                    list.len()
                )));
            }
        }
        if !(2..=3).contains(&self.classifier.classes) {
            return Err(invalid(format!(
                "classifier.classes = {} must be 2 or 3",
                self.classifier.classes
            )));
        }
        if self.llm.timeout_s == 0 || self.llm.max_context_chars < 200 {
            return Err(invalid(
                "llm.timeout_s must be at least 1 and llm.max_context_chars at least 200".into(),
            ));
        }
        if !(0.0..=2.0).contains(&self.llm.temperature) {
            return Err(invalid(format!(
                "llm.temperature = {} is outside [0, 2]",
                self.llm.temperature
            )));
        }
        if self.model.batch_size == 0 {
            return Err(invalid("model.batch_size must be at least 1".into()));
        }
        if self.model.batch_tokens < 256 {
            return Err(invalid(format!(
                "model.batch_tokens must be at least 256 (one passage of the model's length), not {}",
                self.model.batch_tokens
            )));
        }
        for rule in &self.documents {
            globset::Glob::new(&rule.glob)
                .map_err(|e| invalid(format!("documents glob `{}`: {e}", rule.glob)))?;
        }
        for (key, globs) in [
            ("exclude", &self.index.exclude),
            ("include", &self.index.include),
        ] {
            for glob in globs {
                globset::Glob::new(glob)
                    .map_err(|e| invalid(format!("index.{key} glob `{glob}`: {e}")))?;
            }
        }
        Ok(())
    }

    /// Applies the environment: `LEXLS_INDEX_DIR` (made absolute against the current
    /// directory; the user's own choice, so trusted), `LEXLS_ALLOW_WORKSPACE_INDEX_DIR` (any
    /// value but `0`: trust an `[index] dir` the workspace's settings chose),
    /// `LEXLS_MODEL_DIR`, `ORT_DYLIB_PATH`, `LEXLS_NO_MODEL` (any value: BM25 and graph
    /// only), `LEXLS_LLM_URL`, `LEXLS_LLM_MODEL`.
    pub fn apply_env(&mut self) {
        let var = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty());
        if let Some(dir) = var("LEXLS_INDEX_DIR") {
            let dir = PathBuf::from(dir);
            self.index.dir = Some(std::path::absolute(&dir).unwrap_or(dir));
            self.index.dir_trusted = true;
        }
        if var("LEXLS_ALLOW_WORKSPACE_INDEX_DIR").is_some_and(|v| v != "0") {
            self.index.dir_trusted = true;
        }
        if let Some(dir) = var("LEXLS_MODEL_DIR") {
            self.model.dir = Some(PathBuf::from(dir));
        }
        if let Some(lib) = var("ORT_DYLIB_PATH") {
            self.model.runtime = Some(PathBuf::from(lib));
        }
        if var("LEXLS_DENSE_WINDOWS").is_some_and(|v| v == "0") {
            self.model.windows = false;
        }
        if var("LEXLS_NO_MODEL").is_some() {
            self.model.enabled = false;
        }
        if let Some(url) = var("LEXLS_LLM_URL") {
            self.llm.url = Some(url.to_string_lossy().into_owned());
        }
        if let Some(model) = var("LEXLS_LLM_MODEL") {
            self.llm.model = Some(model.to_string_lossy().into_owned());
        }
    }

    /// Kind and namespace hints for a file at `rel_path` from the `[[documents]]` rules (the
    /// last matching rule wins).
    pub fn hints_for(&self, rel_path: &str) -> Hints {
        let mut hints = Hints::default();
        for rule in &self.documents {
            let Ok(glob) = globset::Glob::new(&rule.glob) else {
                continue;
            };
            if glob.compile_matcher().is_match(rel_path) {
                if rule.kind.is_some() {
                    hints.kind = rule.kind;
                }
                if rule.namespace.is_some() {
                    hints.namespace.clone_from(&rule.namespace);
                }
            }
        }
        hints
    }
}

/// The user cache directory of lexls (`~/.cache/lexls` on Linux), if the platform has one.
pub fn cache_dir() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "lexls").map(|d| d.cache_dir().to_path_buf())
}

/// The default directory of the embedding model and ONNX Runtime (what
/// `scripts/fetch-models.sh` fills): `LEXLS_MODEL_DIR`, else `<cache>/models`.
pub fn default_model_root() -> Option<PathBuf> {
    cache_dir().map(|c| c.join("models"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_keys_are_named_in_the_error() {
        let err = Config::from_toml(
            "[diagnostics]\nunresolvd = \"off\"\n",
            Path::new(".lexls.toml"),
        )
        .expect_err("unknown key");
        let msg = err.to_string();
        assert!(msg.contains("unresolvd"), "{msg}");
        assert!(msg.contains("line 2"), "{msg}");
    }

    #[test]
    fn ill_typed_values_are_errors() {
        let err = Config::from_toml("[retrieval]\ntop_k = \"five\"\n", Path::new("x.toml"))
            .expect_err("wrong type");
        assert!(err.to_string().contains("top_k"), "{err}");
        let err = Config::from_toml("[authority]\npolicy = 2.0\n", Path::new("x.toml"))
            .expect_err("out of range");
        assert!(err.to_string().contains("outside [0, 1]"));
    }

    #[test]
    fn an_embedding_batch_must_hold_one_passage() {
        let config = Config::from_toml("[model]\nbatch_tokens = 2048\n", Path::new("x.toml"))
            .expect("valid");
        assert_eq!(config.model.batch_tokens, 2048);
        let err = Config::from_toml("[model]\nbatch_tokens = 100\n", Path::new("x.toml"))
            .expect_err("below one passage");
        assert!(err.to_string().contains("at least 256"), "{err}");
    }

    #[test]
    fn classifier_section_is_read_and_checked() {
        let config = Config::from_toml(
            "[classifier]\nmodel = \"models/c.json\"\nclasses = 2\n",
            Path::new("x.toml"),
        )
        .expect("valid");
        assert_eq!(
            config.classifier.model,
            Some(PathBuf::from("models/c.json"))
        );
        assert_eq!(config.classifier.classes, 2);
        assert_eq!(Config::default().classifier.classes, 3);
        let err = Config::from_toml("[classifier]\nclasses = 4\n", Path::new("x.toml"))
            .expect_err("4 classes");
        assert!(err.to_string().contains("must be 2 or 3"), "{err}");
    }

    #[test]
    fn a_table_passes_the_checks_of_the_file() {
        let source = Path::new("editor settings");
        let table = |text: &str| text.parse::<toml::Table>().expect("TOML");
        let err = Config::from_table(table("[retrieval]\nalpha = 3\n"), source)
            .expect_err("alpha outside [0, 1]");
        assert!(err.to_string().contains("retrieval.alpha = 3"), "{err}");
        let err = Config::from_table(table("[index]\nexclude = [\"rules/[**\"]\n"), source)
            .expect_err("a glob that does not parse");
        assert!(err.to_string().contains("rules/[**"), "{err}");
        let err = Config::from_table(table("[retrieval]\nalpha = \"high\"\n"), source)
            .expect_err("a string for a number");
        let msg = err.to_string();
        assert!(
            msg.contains("retrieval.alpha") && msg.contains("f32"),
            "{msg}"
        );
        let err = Config::from_table(table("[diagnostics]\nunresolvd = \"off\"\n"), source)
            .expect_err("an unknown key");
        assert!(err.to_string().contains("unresolvd"), "{err}");
        let config =
            Config::from_table(table("[editor]\ninlay_hints = true\n"), source).expect("valid");
        assert!(config.editor.inlay_hints);
        assert_eq!(config.retrieval, RetrievalConfig::default());
    }

    #[test]
    fn document_rules_give_hints() {
        let config = Config::from_toml(
            "[[documents]]\nglob = \"policies/**\"\nkind = \"policy\"\nnamespace = \"Acme\"\n\n[diagnostics]\nexternal = \"hint\"\n",
            Path::new("x.toml"),
        )
        .expect("valid");
        assert_eq!(config.diagnostics.external, Severity::Hint);
        let hints = config.hints_for("policies/hr/aedt.md");
        assert_eq!(hints.kind, Some(DocumentKind::Policy));
        assert_eq!(hints.namespace.as_deref(), Some("Acme"));
        assert_eq!(config.hints_for("statute/x.md"), Hints::default());
    }
}
