//! Reads a single-file React component's own words: its leading doc comment,
//! the component's name and the packages it imports.

use super::text::squash;

#[derive(Debug, Default, PartialEq)]
pub(crate) struct ReactFacts {
    pub(crate) component: Option<String>,
    /// The first comment block that reads like prose, not a lint pragma.
    pub(crate) comment: Option<String>,
    /// Imported packages (not relative paths, not React itself).
    pub(crate) packages: Vec<String>,
}

const LINES_SCANNED: usize = 400;
const COMMENT_MIN_CHARS: usize = 20;
const PACKAGES_MAX: usize = 6;

pub(crate) fn scan(source: &str) -> ReactFacts {
    let lines: Vec<&str> = source.lines().take(LINES_SCANNED).collect();
    ReactFacts {
        component: component_name(source),
        comment: first_prose_comment(&lines),
        packages: packages(&lines),
    }
}

/// Comments that start a line: `//` runs and `/* ... */` blocks. Matching
/// only at line starts keeps `https://` inside strings out.
fn first_prose_comment(lines: &[&str]) -> Option<String> {
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i].trim();
        let (block, next) = if line.starts_with("//") {
            let end = lines[i..]
                .iter()
                .position(|l| !l.trim().starts_with("//"))
                .map_or(lines.len(), |p| i + p);
            (lines[i..end].to_vec(), end)
        } else if line.starts_with("/*") {
            let end = lines[i..]
                .iter()
                .position(|l| l.contains("*/"))
                .map_or(lines.len(), |p| i + p + 1);
            (lines[i..end].to_vec(), end)
        } else {
            (Vec::new(), i + 1)
        };
        if let Some(text) = prose(&block) {
            return Some(text);
        }
        i = next;
    }
    None
}

/// The comment's text without markers, JSDoc tags or tool pragmas.
fn prose(block: &[&str]) -> Option<String> {
    let mut words = Vec::new();
    for line in block {
        let text = line
            .trim()
            .trim_start_matches("/**")
            .trim_start_matches("/*")
            .trim_start_matches("//");
        let text = text
            .trim_end_matches("*/")
            .trim()
            .trim_start_matches('*')
            .trim();
        let lower = text.to_ascii_lowercase();
        let pragma = [
            "eslint",
            "prettier",
            "@ts-",
            "istanbul",
            "@jsx",
            "global ",
            "#region",
            "#endregion",
        ]
        .iter()
        .any(|p| lower.starts_with(p));
        if text.starts_with('@') || pragma {
            continue;
        }
        words.push(text);
    }
    Some(squash(&words.join(" "))).filter(|t| t.chars().count() >= COMMENT_MIN_CHARS)
}

/// `export default function Name`, `export default class Name`,
/// `export default Name;`, else the first capitalised function or const.
fn component_name(source: &str) -> Option<String> {
    for marker in [
        "export default function ",
        "export default class ",
        "export default ",
    ] {
        if let Some(at) = source.find(marker) {
            let name = identifier(&source[at + marker.len()..]);
            if name.starts_with(|c: char| c.is_ascii_uppercase()) {
                return Some(name.to_string());
            }
        }
    }
    ["function ", "const ", "class "]
        .iter()
        .find_map(|keyword| {
            source.match_indices(keyword).find_map(|(at, _)| {
                let name = identifier(&source[at + keyword.len()..]);
                name.starts_with(|c: char| c.is_ascii_uppercase())
                    .then(|| name.to_string())
            })
        })
}

fn identifier(s: &str) -> &str {
    let end = s
        .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == '$'))
        .unwrap_or(s.len());
    &s[..end]
}

fn packages(lines: &[&str]) -> Vec<String> {
    let mut found = Vec::new();
    for line in lines {
        let line = line.trim();
        if !line.starts_with("import ") && !line.starts_with("} from ") {
            continue;
        }
        let Some(specifier) = quoted_tail(line) else {
            continue;
        };
        if let Some(name) = package_name(specifier) {
            if found.len() < PACKAGES_MAX && !found.contains(&name) {
                found.push(name);
            }
        }
    }
    found
}

/// The last quoted string on the line: the module an import names.
fn quoted_tail(line: &str) -> Option<&str> {
    let line = line.trim_end_matches(';').trim_end();
    let quote = line.chars().last().filter(|c| matches!(c, '"' | '\''))?;
    let body = &line[..line.len() - 1];
    body.rfind(quote).map(|start| &body[start + 1..])
}

/// `lodash/debounce` is `lodash`, `@radix-ui/react-dialog` is `radix-ui`, shadcn's
/// `@/components/ui/card` is `shadcn/ui`; relative paths, the project's other `@/` and `~/` paths
/// and React itself are not packages worth naming.
fn package_name(specifier: &str) -> Option<String> {
    if specifier.starts_with("@/components/ui/") {
        return Some("shadcn/ui".into());
    }
    if specifier.starts_with(['.', '/', '~']) || specifier.starts_with("@/") || specifier.is_empty()
    {
        return None;
    }
    let name = match specifier.strip_prefix('@') {
        Some(scoped) => scoped.split('/').next()?,
        None => specifier.split('/').next()?,
    };
    (!matches!(name, "react" | "react-dom")).then(|| name.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    const SOURCE: &str = r#"'use client';
// eslint-disable-next-line
/**
 * Pricing table with monthly and yearly plans.
 * @param props the plans
 */
import React, { useState } from "react";
import { motion } from 'framer-motion';
import { LineChart,
} from "recharts";
import debounce from "lodash/debounce";
import * as Dialog from "@radix-ui/react-dialog";
import { Card } from "@/components/ui/card";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import "./styles.css";
const url = "https://example.com"; // not a doc comment

export default function PricingTable({ plans }) { return <table/>; }
"#;

    #[test]
    fn reads_the_doc_comment_name_and_packages() {
        let facts = scan(SOURCE);
        assert_eq!(
            facts.comment.as_deref(),
            Some("Pricing table with monthly and yearly plans.")
        );
        assert_eq!(facts.component.as_deref(), Some("PricingTable"));
        assert_eq!(
            facts.packages,
            [
                "framer-motion",
                "recharts",
                "lodash",
                "radix-ui",
                "shadcn/ui"
            ]
        );
    }

    #[test]
    fn finds_components_exported_other_ways() {
        assert_eq!(
            component_name("const App = () => <p/>;\nexport default App;").as_deref(),
            Some("App")
        );
        assert_eq!(
            component_name("function helper() {}\nfunction Widget() {}").as_deref(),
            Some("Widget")
        );
        assert_eq!(component_name("export default () => null"), None);
    }

    #[test]
    fn survives_sources_without_anything_to_read() {
        assert_eq!(scan("x"), ReactFacts::default());
        let _ = scan("/* never closed\n\n");
        let _ = scan("import 'a\nimport \"\"\n//");
    }
}
