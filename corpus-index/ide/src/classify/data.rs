//! Question sets: CSV with a header `question,label` (labels 0, 1, 2 as in the HyPA-RAG
//! classifier data; extra columns are ignored).

use super::ClassifyError;

/// Reads `question,label` rows. The header must name both columns (any order, any case).
///
/// # Errors
/// [`ClassifyError::Csv`] naming the line of a malformed record, a missing column, an empty
/// question, or a label that is not 0, 1 or 2.
pub fn read_csv(text: &str) -> Result<Vec<(String, u8)>, ClassifyError> {
    let mut reader = csv::ReaderBuilder::new()
        .flexible(true)
        .from_reader(text.as_bytes());
    let csv_error = |e: csv::Error| ClassifyError::Csv {
        line: e.position().map_or(0, csv::Position::line),
        message: e.to_string(),
    };
    let headers = reader.headers().map_err(csv_error)?.clone();
    let column = |name: &str| {
        headers.iter().position(|h| {
            h.trim()
                .trim_start_matches('\u{feff}')
                .eq_ignore_ascii_case(name)
        })
    };
    let (Some(qcol), Some(lcol)) = (column("question"), column("label")) else {
        return Err(ClassifyError::Csv {
            line: 1,
            message: format!(
                "the header must have columns `question` and `label`, found `{}`",
                headers.iter().collect::<Vec<_>>().join(",")
            ),
        });
    };
    let mut rows = Vec::new();
    for record in reader.records() {
        let record = record.map_err(csv_error)?;
        let line = record.position().map_or(0, csv::Position::line);
        if record.iter().all(|f| f.trim().is_empty()) {
            continue;
        }
        let (Some(question), Some(label)) = (record.get(qcol), record.get(lcol)) else {
            return Err(ClassifyError::Csv {
                line,
                message: format!(
                    "{} fields, expected `question,label` (quote questions that contain commas)",
                    record.len()
                ),
            });
        };
        let question = question.trim();
        if question.is_empty() {
            return Err(ClassifyError::Csv {
                line,
                message: "empty question".into(),
            });
        }
        let label = match label.trim().parse::<u8>() {
            Ok(l @ 0..=2) => l,
            _ => {
                return Err(ClassifyError::Csv {
                    line,
                    message: format!(
                        "label `{}` is not 0 (one context), 1 (two) or 2 (three or more)",
                        label.trim()
                    ),
                });
            }
        };
        rows.push((question.to_string(), label));
    }
    Ok(rows)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_quoted_questions_with_commas() {
        let rows = read_csv(
            "question,label\n\"What are the audits, notices, and penalties?\",2\nWho enforces it?,0\n",
        )
        .expect("valid");
        assert_eq!(rows.len(), 2);
        assert_eq!(rows[0].0, "What are the audits, notices, and penalties?");
        assert_eq!(rows[0].1, 2);
        assert_eq!(rows[1], ("Who enforces it?".to_string(), 0));
    }

    #[test]
    fn errors_name_the_line() {
        let err = read_csv("question,label\nA?,0\nB?,1\nC?,7\n").expect_err("label 7");
        let msg = err.to_string();
        assert!(msg.starts_with("line 4:"), "{msg}");
        assert!(msg.contains("`7`"), "{msg}");
        let err = read_csv("question,label\nA?,0\nB?\n").expect_err("missing label");
        assert!(err.to_string().starts_with("line 3:"), "{err}");
        let err = read_csv("question,label\nA?,0\n\"unterminated,1\nD?,x\n");
        assert!(err.is_err());
        let err = read_csv("text,class\nA?,0\n").expect_err("header");
        assert!(err.to_string().contains("`question` and `label`"), "{err}");
    }
}
