use super::*;

/// Inputs with every kind of malformed UTF-8 the WHATWG decoder replaces, and valid 1-4 byte
/// characters around them.
const SAMPLES: [&[u8]; 10] = [
    b"plain ascii <p>text</p>",
    "caf\u{e9} \u{65e5}\u{672c} \u{1F600}!".as_bytes(),
    b"\xC3",
    b"a\xE0\x80b",
    b"\xED\xA0\x80 surrogate",
    b"\xF0\x9F\x98 cut emoji \xF0\x9F",
    b"\xF4\x90\x80\x80 above U+10FFFF",
    b"\xFF\xFE\xC0\xAF\x80\xBF",
    b"\xE2\x82\xAC\xE2\x82",
    b"\xF0\x90\x80\x80\xF0\x90\x80",
];

/// Decodes `input` split at `cuts`, into output buffers of `room` bytes.
fn stream(input: &[u8], cuts: &[usize], room: usize) -> String {
    let mut decoder = UTF_8.new_decoder_without_bom_handling();
    let mut out = String::new();
    let mut bounds = vec![0];
    bounds.extend(cuts.iter().copied().filter(|&c| c > 0 && c < input.len()));
    bounds.push(input.len());
    for (i, pair) in bounds.windows(2).enumerate() {
        let last = i == bounds.len() - 2;
        let mut chunk = &input[pair[0]..pair[1]];
        loop {
            let mut buffer = "\u{e9}".repeat(room / 2 + 1);
            buffer.truncate(room - room % 2);
            let mut buffer = buffer + &"x".repeat(room % 2);
            let (result, read, written, _) = decoder.decode_to_str(chunk, &mut buffer, last);
            out.push_str(&buffer[..written]);
            chunk = &chunk[read..];
            if result == CoderResult::InputEmpty {
                assert!(chunk.is_empty());
                break;
            }
            assert!(read > 0 || written > 0 || room < 4, "no progress");
        }
    }
    out
}

#[test]
fn streaming_matches_whole_lossy_decoding_at_every_split() {
    for input in SAMPLES {
        let whole = String::from_utf8_lossy(input);
        for cut in 0..=input.len() {
            for second in cut..=input.len() {
                assert_eq!(
                    stream(input, &[cut, second], 64),
                    whole,
                    "{input:?} cut {cut} {second}"
                );
            }
        }
        for room in 4..9 {
            assert_eq!(
                stream(input, &[1, 2, 3], room),
                whole,
                "{input:?} room {room}"
            );
        }
    }
}

#[test]
fn whole_decoding_reports_replacements() {
    assert_eq!(
        UTF_8.decode_without_bom_handling(b"ok"),
        (Cow::Borrowed("ok"), false)
    );
    let (text, replaced) = UTF_8.decode_without_bom_handling(b"a\xFFb");
    assert_eq!((text.as_ref(), replaced), ("a\u{FFFD}b", true));
}

#[test]
fn labels_name_utf8_only() {
    assert_eq!(Encoding::for_label(b" UTF-8\n"), Some(UTF_8));
    assert_eq!(Encoding::for_label_no_replacement(b"utf8"), Some(UTF_8));
    assert_eq!(Encoding::for_label(b"shift_jis"), None);
    assert_eq!(Encoding::for_label(b"windows-1252"), None);
    assert_eq!(UTF_8.name(), "UTF-8");
}

#[test]
fn encoding_copies_whole_characters() {
    let mut encoder = UTF_8.new_encoder();
    let mut dst = [0u8; 4];
    assert_eq!(
        encoder.encode_from_utf8("a\u{e9}\u{65e5}", &mut dst, false),
        (CoderResult::OutputFull, 3, 3, false)
    );
    assert_eq!(&dst[..3], "a\u{e9}".as_bytes());
    assert_eq!(Encoding::ascii_valid_up_to("ab\u{e9}".as_bytes()), 2);
}

#[test]
fn windows_1252_round_trips_and_writes_references_for_the_rest() {
    let (text, _, replaced) = WINDOWS_1252.decode(b"caf\xE9 \x80 \x9F");
    assert_eq!(
        (text.as_ref(), replaced),
        ("caf\u{e9} \u{20AC} \u{178}", false)
    );
    let (bytes, _, unmappable) = WINDOWS_1252.encode("caf\u{e9} \u{20AC} \u{65e5}");
    assert_eq!(
        (bytes.as_ref(), unmappable),
        (&b"caf\xE9 \x80 &#26085;"[..], true)
    );
    let mut decoder = WINDOWS_1252.new_decoder_without_bom_handling();
    let mut buffer = String::from("xxxxxx");
    let (result, read, written, _) = decoder.decode_to_str(b"\xE9\x80\xE9", &mut buffer, true);
    assert_eq!((result, read), (CoderResult::OutputFull, 2));
    assert_eq!(&buffer[..written], "\u{e9}\u{20AC}");
    let mut encoder = WINDOWS_1252.new_encoder();
    let mut dst = [0u8; 6];
    assert_eq!(
        encoder.encode_from_utf8("\u{e9}\u{65e5}", &mut dst, false),
        (CoderResult::OutputFull, 2, 1, false)
    );
}

#[test]
fn a_byte_order_mark_wins() {
    assert_eq!(UTF_8.decode(b"\xEF\xBB\xBFok").0, "ok");
    assert_eq!(UTF_8.decode(b"\xFF\xFEo\x00k\x00").0, "ok");
    assert_eq!(WINDOWS_1252.decode(b"\xFE\xFF\x00o\x00k").0, "ok");
}
