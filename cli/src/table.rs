//! A plain aligned table for terminal output: widths from the text, colour added after
//! padding so escape codes never throw the columns off.

use anstyle::Style;

use crate::ui::{self, paint};

pub struct Table {
    header: Vec<String>,
    rows: Vec<Vec<(String, Style)>>,
}

impl Table {
    pub fn new(header: &[&str]) -> Table {
        Table {
            header: header.iter().map(|h| h.to_string()).collect(),
            rows: Vec::new(),
        }
    }

    pub fn push(&mut self, row: Vec<(String, Style)>) {
        self.rows.push(row);
    }

    pub fn render(&self) -> Vec<String> {
        let widths: Vec<usize> = (0..self.header.len())
            .map(|i| {
                self.rows
                    .iter()
                    .filter_map(|r| r.get(i))
                    .map(|(t, _)| t.chars().count())
                    .chain([self.header[i].len()])
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        let last = self.header.len().saturating_sub(1);
        let line = |cells: Vec<(&str, Style)>| {
            cells
                .iter()
                .enumerate()
                .map(|(i, (text, style))| {
                    // The last column is not padded, so lines carry no trailing spaces.
                    let pad = if i == last {
                        0
                    } else {
                        widths[i].saturating_sub(text.chars().count())
                    };
                    format!("{}{}", paint(*style, text), " ".repeat(pad))
                })
                .collect::<Vec<_>>()
                .join("  ")
        };
        let mut lines = vec![line(
            self.header.iter().map(|h| (h.as_str(), ui::DIM)).collect(),
        )];
        for row in &self.rows {
            lines.push(line(row.iter().map(|(t, s)| (t.as_str(), *s)).collect()));
        }
        lines
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_line_up_without_trailing_spaces() {
        let mut table = Table::new(&["NAME", "URL"]);
        table.push(vec![
            ("a-long-name".into(), Style::new()),
            ("http://x/".into(), Style::new()),
        ]);
        table.push(vec![
            ("b".into(), Style::new()),
            ("http://y/".into(), Style::new()),
        ]);
        let plain: Vec<String> = table
            .render()
            .iter()
            .map(|l| anstream::adapter::strip_str(l).to_string())
            .collect();
        assert_eq!(
            plain,
            vec![
                "NAME         URL",
                "a-long-name  http://x/",
                "b            http://y/"
            ]
        );
    }
}
