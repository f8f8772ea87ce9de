//! Work-done progress (`$/progress`): the writer's steps (tokens `lexls/indexing`,
//! `lexls/embedding`) and the progress of an answer (`lexls/ask/<n>` or the client's token).

use tower_lsp_server::ls_types::{
    ProgressParams, ProgressParamsValue, ProgressToken, WorkDoneProgress, WorkDoneProgressBegin,
    WorkDoneProgressEnd, WorkDoneProgressReport,
};

use crate::lsp::writer::Step;

/// The title of the progress of an answer.
pub const ASK_TITLE: &str = "lexls: answering";

/// A `$/progress` notification's params.
pub fn params(token: ProgressToken, value: WorkDoneProgress) -> ProgressParams {
    ProgressParams {
        token,
        value: ProgressParamsValue::WorkDone(value),
    }
}

/// A step of the writer's work (percentages capped at 100; not cancellable).
pub fn step(step: Step) -> WorkDoneProgress {
    match step {
        Step::Begin(title) => WorkDoneProgress::Begin(WorkDoneProgressBegin {
            title,
            cancellable: Some(false),
            message: None,
            percentage: Some(0),
        }),
        Step::Report(message, pct) => WorkDoneProgress::Report(WorkDoneProgressReport {
            cancellable: Some(false),
            message: Some(message),
            percentage: Some(pct.min(100)),
        }),
        Step::End(message) => WorkDoneProgress::End(WorkDoneProgressEnd {
            message: Some(message),
        }),
    }
}

/// The start of an answer: retrieving sources, no percentage.
pub fn ask_begin() -> WorkDoneProgress {
    WorkDoneProgress::Begin(WorkDoneProgressBegin {
        title: ASK_TITLE.into(),
        cancellable: Some(false),
        message: Some("retrieving sources".into()),
        percentage: None,
    })
}

/// A report of an answer: a status line or the text generated so far.
pub fn ask_report(message: String) -> WorkDoneProgress {
    WorkDoneProgress::Report(WorkDoneProgressReport {
        cancellable: Some(false),
        message: Some(message),
        percentage: None,
    })
}

/// The end of an answer, saying how it was made.
pub fn ask_end(message: String) -> WorkDoneProgress {
    WorkDoneProgress::End(WorkDoneProgressEnd {
        message: Some(message),
    })
}
