//! The part of [encoding_rs](https://docs.rs/encoding_rs/0.8)'s API that lol_html uses, for
//! UTF-8 only. Plug rewrites every page as UTF-8 (lol_html's default; nothing sets another
//! encoding), so the legacy encodings' decoders and tables would only weigh on the Worker's upload.
//! UTF-8 decoding follows the WHATWG Encoding Standard as encoding_rs does: each maximal invalid
//! subpart becomes one U+FFFD (the same rule as `String::from_utf8_lossy`), across chunk
//! boundaries too. A label other than UTF-8's is unknown here, so lol_html keeps UTF-8 for it.
//! windows-1252 is here too because lol_html prints bytes of unknown encoding with it (`Debug`).

use std::borrow::Cow;
use std::fmt;
use std::hash::{Hash, Hasher};

/// A character encoding: [`UTF_8`] or [`WINDOWS_1252`].
pub struct Encoding {
    name: &'static str,
}

/// The UTF-8 encoding.
pub static UTF_8_INIT: Encoding = Encoding { name: "UTF-8" };

/// The UTF-8 encoding.
pub static UTF_8: &Encoding = &UTF_8_INIT;

/// The windows-1252 encoding (what HTML calls latin1 and ASCII).
pub static WINDOWS_1252_INIT: Encoding = Encoding {
    name: "windows-1252",
};

/// The windows-1252 encoding.
pub static WINDOWS_1252: &Encoding = &WINDOWS_1252_INIT;

/// windows-1252's characters for bytes 0x80-0x9F (the rest are Latin-1's, U+0000-U+00FF).
const WINDOWS_1252_HIGH: [char; 32] = [
    '\u{20AC}', '\u{81}', '\u{201A}', '\u{192}', '\u{201E}', '\u{2026}', '\u{2020}', '\u{2021}',
    '\u{2C6}', '\u{2030}', '\u{160}', '\u{2039}', '\u{152}', '\u{8D}', '\u{17D}', '\u{8F}',
    '\u{90}', '\u{2018}', '\u{2019}', '\u{201C}', '\u{201D}', '\u{2022}', '\u{2013}', '\u{2014}',
    '\u{2DC}', '\u{2122}', '\u{161}', '\u{203A}', '\u{153}', '\u{9D}', '\u{17E}', '\u{178}',
];

fn windows_1252_char(byte: u8) -> char {
    match byte {
        0x80..=0x9F => WINDOWS_1252_HIGH[usize::from(byte - 0x80)],
        _ => char::from(byte),
    }
}

fn windows_1252_byte(c: char) -> Option<u8> {
    match u32::from(c) {
        0..=0x7F | 0xA0..=0xFF => u8::try_from(u32::from(c)).ok(),
        _ => WINDOWS_1252_HIGH
            .iter()
            .position(|&high| high == c)
            .and_then(|i| u8::try_from(0x80 + i).ok()),
    }
}

/// The WHATWG labels of UTF-8 (lower case).
const UTF_8_LABELS: [&[u8]; 6] = [
    b"unicode-1-1-utf-8",
    b"unicode11utf8",
    b"unicode20utf8",
    b"utf-8",
    b"utf8",
    b"x-unicode20utf8",
];

impl Encoding {
    /// The encoding a WHATWG label names (ASCII whitespace around it ignored, case-insensitive):
    /// UTF-8 for its labels, `None` for every other.
    pub fn for_label(label: &[u8]) -> Option<&'static Encoding> {
        let trimmed = label.trim_ascii();
        UTF_8_LABELS
            .iter()
            .any(|known| known.eq_ignore_ascii_case(trimmed))
            .then_some(UTF_8)
    }

    /// As [`Encoding::for_label`] (there is no replacement encoding here).
    pub fn for_label_no_replacement(label: &[u8]) -> Option<&'static Encoding> {
        Self::for_label(label)
    }

    pub fn name(&'static self) -> &'static str {
        self.name
    }

    pub fn is_ascii_compatible(&'static self) -> bool {
        true
    }

    pub fn is_single_byte(&'static self) -> bool {
        false
    }

    pub fn output_encoding(&'static self) -> &'static Encoding {
        self
    }

    pub fn new_decoder_without_bom_handling(&'static self) -> Decoder {
        Decoder {
            encoding: self,
            pending: [0; 3],
            pending_len: 0,
        }
    }

    pub fn new_encoder(&'static self) -> Encoder {
        Encoder { encoding: self }
    }

    fn is_utf_8(&'static self) -> bool {
        std::ptr::eq(self, UTF_8)
    }

    /// Decodes `bytes` whole after sniffing a byte order mark (which wins over `self`, as the
    /// WHATWG "decode" says); also returns the encoding used and whether anything was replaced.
    pub fn decode<'a>(&'static self, bytes: &'a [u8]) -> (Cow<'a, str>, &'static Encoding, bool) {
        if let Some(rest) = bytes.strip_prefix(b"\xEF\xBB\xBF") {
            let (text, replaced) = UTF_8.decode_without_bom_handling(rest);
            return (text, UTF_8, replaced);
        }
        let big_endian = match bytes {
            [0xFE, 0xFF, ..] => Some(true),
            [0xFF, 0xFE, ..] => Some(false),
            _ => None,
        };
        if let Some(big_endian) = big_endian {
            // UTF-16 is not an encoding a page is rewritten in here, only one a BOM can ask for.
            let units = bytes[2..].chunks(2).map(|pair| match (pair, big_endian) {
                ([a, b], true) => u16::from_be_bytes([*a, *b]),
                ([a, b], false) => u16::from_le_bytes([*a, *b]),
                _ => 0xDC00, // a lone trailing byte: an unpaired surrogate, replaced below
            });
            let text: String = char::decode_utf16(units)
                .map(|c| c.unwrap_or(char::REPLACEMENT_CHARACTER))
                .collect();
            let replaced = text.contains(char::REPLACEMENT_CHARACTER);
            return (Cow::Owned(text), self, replaced);
        }
        let (text, replaced) = self.decode_without_bom_handling(bytes);
        (text, self, replaced)
    }

    /// Decodes `bytes` whole; the flag says whether any malformed sequence was replaced.
    pub fn decode_without_bom_handling<'a>(&'static self, bytes: &'a [u8]) -> (Cow<'a, str>, bool) {
        if !self.is_utf_8() {
            let ascii = Self::ascii_valid_up_to(bytes);
            if ascii == bytes.len() {
                return (
                    Cow::Borrowed(std::str::from_utf8(bytes).unwrap_or_default()),
                    false,
                );
            }
            return (
                Cow::Owned(bytes.iter().map(|&b| windows_1252_char(b)).collect()),
                false,
            );
        }
        let text = String::from_utf8_lossy(bytes);
        let replaced = matches!(text, Cow::Owned(_));
        (text, replaced)
    }

    /// Decodes `bytes` whole, or `None` when they are not valid UTF-8.
    pub fn decode_without_bom_handling_and_without_replacement<'a>(
        &'static self,
        bytes: &'a [u8],
    ) -> Option<Cow<'a, str>> {
        if !self.is_utf_8() {
            return Some(self.decode_without_bom_handling(bytes).0);
        }
        std::str::from_utf8(bytes).ok().map(Cow::Borrowed)
    }

    /// Encodes `string`; a character windows-1252 lacks becomes a decimal numeric character
    /// reference (`&#8364;`), and the flag says one did.
    pub fn encode<'a>(&'static self, string: &'a str) -> (Cow<'a, [u8]>, &'static Encoding, bool) {
        if self.is_utf_8() || string.is_ascii() {
            return (Cow::Borrowed(string.as_bytes()), self, false);
        }
        let mut out = Vec::with_capacity(string.len());
        let mut unmappable = false;
        for c in string.chars() {
            match windows_1252_byte(c) {
                Some(byte) => out.push(byte),
                None => {
                    unmappable = true;
                    out.extend_from_slice(format!("&#{};", u32::from(c)).as_bytes());
                }
            }
        }
        (Cow::Owned(out), self, unmappable)
    }

    /// How many leading bytes are ASCII.
    pub fn ascii_valid_up_to(bytes: &[u8]) -> usize {
        bytes
            .iter()
            .position(|b| !b.is_ascii())
            .unwrap_or(bytes.len())
    }

    /// How many leading bytes are valid UTF-8.
    pub fn utf8_valid_up_to(bytes: &[u8]) -> usize {
        match std::str::from_utf8(bytes) {
            Ok(_) => bytes.len(),
            Err(e) => e.valid_up_to(),
        }
    }
}

impl PartialEq for Encoding {
    fn eq(&self, other: &Encoding) -> bool {
        std::ptr::eq(self, other)
    }
}

impl Eq for Encoding {}

impl Hash for Encoding {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.name.hash(state);
    }
}

impl fmt::Debug for Encoding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Encoding {{ {} }}", self.name)
    }
}

/// Why a streaming conversion call returned.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CoderResult {
    /// All the input was consumed.
    InputEmpty,
    /// The output buffer has no room for the next character.
    OutputFull,
}

const REPLACEMENT: &str = "\u{FFFD}";

/// A streaming UTF-8 decoder: a sequence split across calls is completed from the next input.
pub struct Decoder {
    encoding: &'static Encoding,
    /// The start of a sequence the last input ended in (at most 3 bytes of a 4-byte one).
    pending: [u8; 3],
    pending_len: usize,
}

impl Decoder {
    pub fn encoding(&self) -> &'static Encoding {
        self.encoding
    }

    /// Decodes `src` into the front of `dst`, replacing malformed sequences with U+FFFD; `last`
    /// says no more input follows (an unfinished sequence then becomes U+FFFD). Returns why it
    /// stopped, the bytes read, the bytes written and whether anything was replaced.
    pub fn decode_to_str(
        &mut self,
        src: &[u8],
        dst: &mut str,
        last: bool,
    ) -> (CoderResult, usize, usize, bool) {
        let mut out = Output::new(dst);
        if !self.encoding.is_utf_8() {
            // A single-byte encoding: every byte is one character, nothing is ever pending.
            let mut buffer = [0u8; 4];
            for (read, &byte) in src.iter().enumerate() {
                if !out.push_bytes(windows_1252_char(byte).encode_utf8(&mut buffer).as_bytes()) {
                    return (CoderResult::OutputFull, read, out.written, false);
                }
            }
            return (CoderResult::InputEmpty, src.len(), out.written, false);
        }
        let mut read = 0;
        let mut replaced = false;
        if self.pending_len > 0 {
            // Complete (or refute) the pending sequence with at most 3 bytes more.
            let mut joined = [0u8; 4];
            let have = self.pending_len;
            joined[..have].copy_from_slice(&self.pending[..have]);
            let take = src.len().min(4 - have);
            joined[have..have + take].copy_from_slice(&src[..take]);
            let joined = &joined[..have + take];
            // The pending bytes are the start of one character of this width (from its lead byte).
            let width = joined[0].leading_ones() as usize;
            let first_is_whole = match std::str::from_utf8(joined) {
                Ok(_) => true,
                Err(e) => e.valid_up_to() > 0,
            };
            let (text, used) = if first_is_whole {
                (Some(width), width)
            } else {
                match std::str::from_utf8(joined).map_err(|e| e.error_len()) {
                    Err(Some(bad)) => (None, bad),
                    // Still unfinished and more input may come: it all stays pending.
                    Err(None) if !last => {
                        self.pending[have..have + take].copy_from_slice(&src[..take]);
                        self.pending_len = have + take;
                        return (CoderResult::InputEmpty, take, 0, false);
                    }
                    _ => (None, joined.len()),
                }
            };
            let ok = match text {
                Some(width) => out.push_bytes(&joined[..width]),
                None => {
                    replaced = true;
                    out.push_bytes(REPLACEMENT.as_bytes())
                }
            };
            if !ok {
                return (CoderResult::OutputFull, 0, 0, false);
            }
            self.pending_len = 0;
            read = used.saturating_sub(have);
        }
        loop {
            let rest = &src[read..];
            let (valid, error) = match std::str::from_utf8(rest) {
                Ok(_) => (rest.len(), None),
                Err(e) => (e.valid_up_to(), Some(e.error_len())),
            };
            let copied = out.push_str_prefix(&rest[..valid]);
            read += copied;
            if copied < valid {
                return (CoderResult::OutputFull, read, out.written, replaced);
            }
            match error {
                None => return (CoderResult::InputEmpty, read, out.written, replaced),
                Some(Some(bad)) => {
                    if !out.push_bytes(REPLACEMENT.as_bytes()) {
                        return (CoderResult::OutputFull, read, out.written, replaced);
                    }
                    replaced = true;
                    read += bad;
                }
                Some(None) => {
                    let tail = &src[read..];
                    if last {
                        if !out.push_bytes(REPLACEMENT.as_bytes()) {
                            return (CoderResult::OutputFull, read, out.written, replaced);
                        }
                        replaced = true;
                    } else {
                        self.pending[..tail.len()].copy_from_slice(tail);
                        self.pending_len = tail.len();
                    }
                    read = src.len();
                    return (CoderResult::InputEmpty, read, out.written, replaced);
                }
            }
        }
    }
}

/// Writes UTF-8 into the front of a `&mut str`, keeping it valid UTF-8 throughout.
struct Output<'a> {
    dst: &'a mut str,
    written: usize,
}

impl<'a> Output<'a> {
    fn new(dst: &'a mut str) -> Self {
        Output { dst, written: 0 }
    }

    /// Appends `bytes` (whole UTF-8 characters) if they fit; false when they do not.
    fn push_bytes(&mut self, bytes: &[u8]) -> bool {
        if self.dst.len() - self.written < bytes.len() {
            return false;
        }
        let start = self.written;
        let end = start + bytes.len();
        #[allow(unsafe_code)]
        // SAFETY: `bytes` is whole UTF-8 characters, written at a character boundary (the end of
        // what was written before); any continuation bytes of a character this cut through are
        // zeroed, so `dst` is valid UTF-8 again when the borrow ends.
        let raw = unsafe { self.dst.as_bytes_mut() };
        raw[start..end].copy_from_slice(bytes);
        for b in raw[end..].iter_mut().take(3) {
            if (*b & 0xC0) != 0x80 {
                break;
            }
            *b = 0;
        }
        self.written = end;
        true
    }

    /// Appends the longest prefix of valid UTF-8 `text` that fits, whole characters only;
    /// returns how many bytes it took.
    fn push_str_prefix(&mut self, text: &[u8]) -> usize {
        let mut take = text.len().min(self.dst.len() - self.written);
        while take < text.len() && (text[take] & 0xC0) == 0x80 {
            take -= 1;
        }
        let pushed = self.push_bytes(&text[..take]);
        debug_assert!(pushed);
        take
    }
}

/// A UTF-8 encoder: copies whole characters.
pub struct Encoder {
    encoding: &'static Encoding,
}

impl Encoder {
    pub fn encoding(&self) -> &'static Encoding {
        self.encoding
    }

    pub fn has_pending_state(&self) -> bool {
        false
    }

    /// Encodes as many whole characters of `src` as fit into `dst`; in windows-1252 a character
    /// it lacks is written as a decimal numeric character reference, and the flag says one was.
    pub fn encode_from_utf8(
        &mut self,
        src: &str,
        dst: &mut [u8],
        _last: bool,
    ) -> (CoderResult, usize, usize, bool) {
        if self.encoding.is_utf_8() {
            let mut take = src.len().min(dst.len());
            while !src.is_char_boundary(take) {
                take -= 1;
            }
            dst[..take].copy_from_slice(&src.as_bytes()[..take]);
            let result = if take == src.len() {
                CoderResult::InputEmpty
            } else {
                CoderResult::OutputFull
            };
            return (result, take, take, false);
        }
        let (mut written, mut unmappable) = (0, false);
        for (at, c) in src.char_indices() {
            let (single, reference);
            let bytes: &[u8] = match windows_1252_byte(c) {
                Some(byte) => {
                    single = [byte];
                    &single
                }
                None => {
                    reference = format!("&#{};", u32::from(c));
                    reference.as_bytes()
                }
            };
            let Some(room) = dst.get_mut(written..written + bytes.len()) else {
                return (CoderResult::OutputFull, at, written, unmappable);
            };
            room.copy_from_slice(bytes);
            written += bytes.len();
            unmappable |= bytes.len() > 1;
        }
        (CoderResult::InputEmpty, src.len(), written, unmappable)
    }
}

#[cfg(test)]
mod tests;
