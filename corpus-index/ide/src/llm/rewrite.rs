//! Query rewriting: `q` reformulations of a question in one request, for retrieval to
//! search with besides the question itself.

use super::client::{ChatMessage, Role};
use super::{Generator, LlmError, excerpt_chars};

/// Asks the model for `q` reformulations of `question` (one request) and parses them from
/// its reply, a numbered or bulleted list or one per line.
///
/// # Errors
/// An [`LlmError`] of the request, or [`LlmError::Malformed`] when the reply holds no
/// usable reformulation.
pub fn rewrite_query(
    client: &dyn Generator,
    question: &str,
    q: usize,
) -> Result<Vec<String>, LlmError> {
    if q == 0 {
        return Ok(Vec::new());
    }
    let messages = [
        ChatMessage::new(
            Role::System,
            "You rewrite questions about statutes, regulations and policies into search queries. \
             Reply with the queries only, one per line, numbered 1., 2., … No other text.",
        ),
        ChatMessage::new(
            Role::User,
            format!(
                "Write {q} different reformulations of this question, using the legal terms a \
                 statute would use:\n\n{question}"
            ),
        ),
    ];
    // A short list: bound the reply, whatever `[llm] max_tokens` allows answers.
    let reply = client.chat(&messages, Some(200), &mut |_| {})?;
    let rewrites = parse_rewrites(&reply.text, question, q);
    if rewrites.is_empty() {
        return Err(LlmError::Malformed(format!(
            "no reformulation in the reply `{}`",
            excerpt_chars(reply.text.trim(), 120)
        )));
    }
    Ok(rewrites)
}

/// The reformulations of a reply: list markers and quotes removed; preambles (`Here are…:`),
/// repeats of the question, duplicates, and lines without two words or longer than 300
/// characters dropped; at most `q`.
pub fn parse_rewrites(reply: &str, question: &str, q: usize) -> Vec<String> {
    let question_key = key(question);
    let mut out: Vec<String> = Vec::new();
    for line in strip_thinking(reply).lines() {
        let line = strip_marker(line.trim());
        let line = line
            .trim_matches(|c: char| matches!(c, '"' | '“' | '”' | '\'' | '`' | '*' | '_'))
            .trim();
        let words = line.split_whitespace().count();
        if words < 2
            || line.chars().count() > 300
            || line.ends_with(':')
            || !line.chars().any(char::is_alphabetic)
        {
            continue;
        }
        let k = key(line);
        if k == question_key || out.iter().any(|o| key(o) == k) {
            continue;
        }
        out.push(line.to_string());
        if out.len() == q {
            break;
        }
    }
    out
}

/// Text outside `<think>…</think>` blocks (reasoning models).
pub fn strip_thinking(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(start) = rest.find("<think>") {
        out.push_str(&rest[..start]);
        match rest[start..].find("</think>") {
            Some(end) => rest = &rest[start + end + "</think>".len()..],
            None => return out,
        }
    }
    out.push_str(rest);
    out
}

/// The line without a leading list marker (`1.`, `2)`, `-`, `*`, `•`, `Q1:`).
fn strip_marker(line: &str) -> &str {
    let line = line.trim_start_matches(['-', '*', '•', '+']).trim_start();
    let digits = line.chars().take_while(char::is_ascii_digit).count();
    if digits > 0 && digits <= 3 {
        let rest = &line[digits..];
        if let Some(r) = rest
            .strip_prefix('.')
            .or_else(|| rest.strip_prefix(')'))
            .or_else(|| rest.strip_prefix(':'))
        {
            return r.trim_start();
        }
    }
    line
}

fn key(s: &str) -> String {
    s.chars()
        .filter(|c| c.is_alphanumeric() || c.is_whitespace())
        .collect::<String>()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_numbered_and_bulleted_lists() {
        let reply = "Here are three reformulations:\n\n1. notice to candidates before using an AEDT\n2) bias audit publication requirement\n- \"penalties for violating the AEDT law\"\n4. notice to candidates before using an AEDT\n";
        assert_eq!(
            parse_rewrites(reply, "When must candidates be notified?", 3),
            vec![
                "notice to candidates before using an AEDT",
                "bias audit publication requirement",
                "penalties for violating the AEDT law",
            ]
        );
    }

    #[test]
    fn garbage_gives_nothing() {
        assert!(parse_rewrites("", "q", 3).is_empty());
        assert!(parse_rewrites("1.\n2.\n---\n42\n", "q", 3).is_empty());
        assert!(parse_rewrites("What is X?", "what is x", 3).is_empty());
        assert!(parse_rewrites("<think>hmm, what now</think>", "q", 3).is_empty());
    }
}
