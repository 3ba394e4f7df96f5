//! Small text tools for enrichment: whitespace, the 280-char description cut,
//! tags from keywords or heading words, and the HTML/XML entities seen in metadata.

/// The longest description the interface allows (2.1, 8).
pub(crate) const DESCRIPTION_MAX_CHARS: usize = 280;
/// Tags kept per Inspiration.
pub(crate) const TAGS_MAX: usize = 8;
const TAG_MAX_CHARS: usize = 32;

/// Runs of whitespace become one space; the ends are trimmed.
pub(crate) fn squash(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// `text` squashed, or `None` when nothing is left.
pub(crate) fn non_empty(text: &str) -> Option<String> {
    Some(squash(text)).filter(|t| !t.is_empty())
}

/// Cuts `text` to at most 280 characters on a word boundary, ending with `…`.
pub(crate) fn clip_description(text: &str) -> String {
    let text = squash(text);
    if text.chars().count() <= DESCRIPTION_MAX_CHARS {
        return text;
    }
    let room: String = text.chars().take(DESCRIPTION_MAX_CHARS - 1).collect();
    // Back up to the last space unless that would throw away most of the text.
    let cut = match room.rfind(' ') {
        Some(at) if at >= room.len() / 2 => &room[..at],
        _ => room.as_str(),
    };
    let cut = cut.trim_end_matches(|c: char| c.is_whitespace() || ",;:-–—(".contains(c));
    format!("{cut}…")
}

/// Collects tags: lower-case, unique, at most [`TAGS_MAX`].
#[derive(Debug, Default)]
pub(crate) struct Tags(Vec<String>);

impl Tags {
    pub(crate) fn into_vec(self) -> Vec<String> {
        self.0
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Adds one tag, normalised; ignores blanks, numbers, overlong ones and repeats.
    pub(crate) fn push(&mut self, raw: &str) {
        let tag = normalise_tag(raw);
        let usable = !tag.is_empty()
            && tag.chars().count() <= TAG_MAX_CHARS
            && !tag.chars().all(|c| c.is_ascii_digit() || c == '-');
        if usable && self.0.len() < TAGS_MAX && !self.0.contains(&tag) {
            self.0.push(tag);
        }
    }

    /// Keywords as authors write them: `a, b; c`, one per line, or space-separated.
    pub(crate) fn push_keywords(&mut self, keywords: &str) {
        let separated = keywords.contains([',', ';', '\n']);
        let parts: Vec<&str> = if separated {
            keywords.split([',', ';', '\n']).collect()
        } else if keywords.split_whitespace().count() > 3 {
            keywords.split_whitespace().collect()
        } else {
            vec![keywords]
        };
        for part in parts {
            self.push(part);
        }
    }

    /// The meaningful words of a title or heading.
    pub(crate) fn push_words(&mut self, text: &str) {
        for word in text.split(|c: char| !c.is_alphanumeric() && c != '-' && c != '+') {
            let word = word.trim_matches('-');
            if word.chars().count() >= 3 && !is_stopword(&word.to_lowercase()) {
                self.push(word);
            }
        }
    }
}

fn normalise_tag(raw: &str) -> String {
    let trimmed =
        raw.trim_matches(|c: char| c.is_whitespace() || "#\"'.,;:()[]{}!?*_`".contains(c));
    squash(trimmed).to_lowercase().replace(' ', "-")
}

/// Words that say nothing about what a piece of content is.
fn is_stopword(word: &str) -> bool {
    const STOPWORDS: &[&str] = &[
        "about", "after", "all", "and", "app", "are", "but", "can", "draft", "for", "from", "get",
        "has", "have", "her", "his", "home", "how", "index", "into", "its", "new", "not", "now",
        "one", "our", "out", "page", "that", "the", "their", "them", "then", "there", "these",
        "this", "title", "untitled", "use", "using", "via", "was", "welcome", "what", "when",
        "where", "which", "who", "why", "will", "with", "you", "your",
    ];
    STOPWORDS.contains(&word)
}

/// Decodes the character references found in HTML and XML metadata; unknown
/// names are left as written.
pub(crate) fn decode_entities(text: &str) -> String {
    if !text.contains('&') {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('&') {
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        // Only the next few bytes can end a reference: a text of many `&` and no `;` is read once.
        let window = rest.as_bytes().get(..13).unwrap_or(rest.as_bytes());
        let decoded = window
            .iter()
            .position(|&b| b == b';')
            .and_then(|end| Some((entity(&rest[1..end])?, end)));
        match decoded {
            Some((c, end)) => {
                out.push(c);
                rest = &rest[end + 1..];
            }
            None => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

fn entity(name: &str) -> Option<char> {
    if let Some(number) = name.strip_prefix('#') {
        let code = match number.strip_prefix(['x', 'X']) {
            Some(hex) => u32::from_str_radix(hex, 16).ok()?,
            None => number.parse().ok()?,
        };
        return char::from_u32(code).filter(|c| *c != '\0');
    }
    Some(match name {
        "amp" => '&',
        "lt" => '<',
        "gt" => '>',
        "quot" => '"',
        "apos" => '\'',
        "nbsp" => ' ',
        "mdash" => '—',
        "ndash" => '–',
        "hellip" => '…',
        "lsquo" => '‘',
        "rsquo" => '’',
        "ldquo" => '“',
        "rdquo" => '”',
        "copy" => '©',
        "reg" => '®',
        "trade" => '™',
        "middot" => '·',
        "bull" => '•',
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squashes_whitespace() {
        assert_eq!(squash("  a \n\t b  "), "a b");
        assert_eq!(non_empty(" \n "), None);
    }

    #[test]
    fn keeps_short_descriptions_whole() {
        assert_eq!(clip_description("A short one."), "A short one.");
        let exact = "x".repeat(DESCRIPTION_MAX_CHARS);
        assert_eq!(clip_description(&exact), exact);
    }

    #[test]
    fn clips_long_descriptions_on_a_word_boundary_with_an_ellipsis() {
        let long = "word ".repeat(100);
        let clipped = clip_description(&long);
        assert!(clipped.chars().count() <= DESCRIPTION_MAX_CHARS);
        assert!(clipped.ends_with("word…"), "{clipped}");
        let no_spaces = "é".repeat(400);
        let clipped = clip_description(&no_spaces);
        assert_eq!(clipped.chars().count(), DESCRIPTION_MAX_CHARS);
    }

    #[test]
    fn drops_dangling_punctuation_before_the_ellipsis() {
        let text = format!("{} tail, andmorewordsfollowhere", "a".repeat(268));
        let clipped = clip_description(&text);
        assert!(clipped.ends_with(" tail…"), "{clipped}");
    }

    #[test]
    fn tags_are_lower_case_unique_and_at_most_eight() {
        let mut tags = Tags::default();
        tags.push_keywords("Rust, WASM; rust, Edge Computing, 2024, #launch, a, b, c, d, e, f, g");
        let tags = tags.into_vec();
        assert_eq!(tags[..4], ["rust", "wasm", "edge-computing", "launch"]);
        assert_eq!(tags.len(), TAGS_MAX);
    }

    #[test]
    fn space_separated_keywords_split_only_when_many() {
        let mut few = Tags::default();
        few.push_keywords("machine learning");
        assert_eq!(few.into_vec(), ["machine-learning"]);
        let mut many = Tags::default();
        many.push_keywords("alpha beta gamma delta");
        assert_eq!(many.into_vec(), ["alpha", "beta", "gamma", "delta"]);
    }

    #[test]
    fn heading_words_skip_stopwords_and_short_words() {
        let mut tags = Tags::default();
        tags.push_words("Welcome to the Q3 Pricing Review: how we grow");
        assert_eq!(tags.into_vec(), ["pricing", "review", "grow"]);
    }

    #[test]
    fn decodes_named_and_numeric_entities() {
        assert_eq!(
            decode_entities("Tom &amp; Jerry&#39;s &#x263A; &mdash; &bogus; & done"),
            "Tom & Jerry's ☺ — &bogus; & done"
        );
    }

    #[test]
    fn many_ampersands_without_a_semicolon_are_read_in_linear_time() {
        // Each `&` looked for a `;` to the end of the text: 2 MB took 15 s in a release build.
        let text = "&".repeat(2 * 1024 * 1024);
        let started = std::time::Instant::now();
        assert_eq!(decode_entities(&text), text);
        assert!(started.elapsed() < std::time::Duration::from_secs(10));
        assert_eq!(
            decode_entities("a &amp; b &#x41;&#66; &nope; &"),
            "a & b AB &nope; &"
        );
        assert_eq!(decode_entities("&verylongname;x"), "&verylongname;x");
    }
}
