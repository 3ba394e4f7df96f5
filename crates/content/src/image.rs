//! Raster image formats told apart by their signatures, and their pixel sizes
//! read from the headers (PNG IHDR, JPEG SOF, WebP VP8/VP8L/VP8X).

use std::ops::Not;

/// A raster format Plug knows by its first bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Raster {
    Png,
    Jpeg,
    Webp,
    Gif,
}

const PNG_SIGNATURE: &[u8] = b"\x89PNG\r\n\x1a\n";

impl Raster {
    /// The format `bytes` really are, whatever the file is named.
    pub(crate) fn sniff(bytes: &[u8]) -> Option<Raster> {
        if bytes.starts_with(PNG_SIGNATURE) {
            Some(Raster::Png)
        } else if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
            Some(Raster::Jpeg)
        } else if bytes.len() >= 12 && bytes.starts_with(b"RIFF") && &bytes[8..12] == b"WEBP" {
            Some(Raster::Webp)
        } else if bytes.starts_with(b"GIF87a") || bytes.starts_with(b"GIF89a") {
            Some(Raster::Gif)
        } else {
            None
        }
    }

    pub(crate) fn name(self) -> &'static str {
        match self {
            Raster::Png => "PNG",
            Raster::Jpeg => "JPEG",
            Raster::Webp => "WebP",
            Raster::Gif => "GIF",
        }
    }

    /// The Content-Type these bytes are served with; None for a format Plug does not take.
    pub(crate) fn served_type(self) -> Option<&'static str> {
        match self {
            Raster::Png => Some("image/png"),
            Raster::Jpeg => Some("image/jpeg"),
            Raster::Webp => Some("image/webp"),
            Raster::Gif => None,
        }
    }

    /// Whether the header after the signature is whole: a PNG starts with its
    /// IHDR chunk, a WebP's first chunk is VP8, VP8L or VP8X.
    pub(crate) fn header_is_whole(self, bytes: &[u8]) -> bool {
        match self {
            Raster::Png => {
                bytes.get(8..16) == Some(b"\0\0\0\x0dIHDR".as_slice()) && bytes.len() >= 33
            }
            Raster::Webp => matches!(bytes.get(12..16), Some(b"VP8 " | b"VP8L" | b"VP8X")),
            Raster::Jpeg | Raster::Gif => true,
        }
    }

    /// Why a picture with a whole header has nothing a browser can draw, if so: a PNG that ends
    /// before its first IDAT chunk, a JPEG before its first scan (SOS), a WebP whose RIFF
    /// length is shorter than its first chunk (browsers refuse to decode it). A picture cut
    /// inside its data still draws its top part, which the viewer shows and says is cut short.
    pub(crate) fn nothing_to_draw(self, bytes: &[u8]) -> Option<&'static str> {
        const CUT: &str = "it ends before any of its picture data, so there is nothing to show \
                           (the file was cut off while downloading, copying or saving)";
        match self {
            Raster::Png => {
                let mut at = 8;
                loop {
                    let (Some(len), Some(kind)) = (be32(bytes, at), bytes.get(at + 4..at + 8))
                    else {
                        return Some(CUT);
                    };
                    if kind == b"IDAT" {
                        return None;
                    }
                    at = at
                        .checked_add(12)?
                        .checked_add(usize::try_from(len).ok()?)?;
                }
            }
            Raster::Jpeg => jpeg_reaches_scan(bytes).not().then_some(CUT),
            Raster::Webp => {
                let riff = le32(bytes, 4)?;
                let Some(chunk) = le32(bytes, 16) else {
                    return Some(CUT);
                };
                (u64::from(chunk) + 12 > u64::from(riff)).then_some(
                    "its header gives the file a length shorter than its picture data, so \
                     browsers refuse to draw it",
                )
            }
            Raster::Gif => None,
        }
    }

    /// Width and height in pixels, when the header says.
    pub(crate) fn dimensions(self, bytes: &[u8]) -> Option<(u32, u32)> {
        let size = match self {
            Raster::Png => Some((be32(bytes, 16)?, be32(bytes, 20)?)),
            Raster::Jpeg => jpeg_dimensions(bytes),
            Raster::Webp => webp_dimensions(bytes),
            Raster::Gif => Some((u32::from(le16(bytes, 6)?), u32::from(le16(bytes, 8)?))),
        };
        size.filter(|&(w, h)| w > 0 && h > 0)
    }
}

/// The picture formats Plug does not take, named as a person knows them, told by their first
/// bytes: an iPhone's photo (HEIC), an AVIF, a scan (TIFF), a Windows bitmap or icon. A file
/// renamed to `.jpg` is refused with what it really is and how to convert it.
pub(crate) fn unsupported_picture(bytes: &[u8]) -> Option<&'static str> {
    if bytes.get(4..8) == Some(b"ftyp".as_slice()) {
        // ISO-BMFF: the major brand, then the compatible ones after the minor version.
        let end = usize::try_from(be32(bytes, 0)?)
            .ok()?
            .min(bytes.len())
            .min(64);
        let brands = bytes.get(8..end)?;
        let has = |brand: &[u8]| brands.chunks(4).any(|b| b == brand);
        if has(b"avif") || has(b"avis") {
            return Some("an AVIF image");
        }
        if [
            b"heic", b"heix", b"hevc", b"hevx", b"heim", b"heis", b"mif1", b"msf1",
        ]
        .iter()
        .any(|brand| has(*brand))
        {
            return Some("a HEIC photo (the format iPhones save photos in)");
        }
        return None;
    }
    if bytes.starts_with(b"II*\0") || bytes.starts_with(b"MM\0*") {
        Some("a TIFF image")
    } else if bytes.starts_with(b"BM")
        && bytes.len() >= 26
        && bytes.get(6..10) == Some(b"\0\0\0\0".as_slice())
    {
        Some("a BMP (Windows bitmap) image")
    } else if bytes.starts_with(b"\0\0\x01\0") && bytes.len() >= 22 && bytes[4..6] != [0, 0] {
        Some("an ICO (Windows icon) image")
    } else {
        None
    }
}

/// Walks the JPEG markers up to the first start-of-frame.
fn jpeg_dimensions(bytes: &[u8]) -> Option<(u32, u32)> {
    let mut at = 2;
    loop {
        // Markers may be padded with any number of 0xFF fill bytes.
        while *bytes.get(at)? == 0xFF && *bytes.get(at + 1)? == 0xFF {
            at += 1;
        }
        if *bytes.get(at)? != 0xFF {
            return None;
        }
        let marker = *bytes.get(at + 1)?;
        if marker == 0x01 || (0xD0..=0xD8).contains(&marker) {
            at += 2; // standalone markers carry no length
            continue;
        }
        if marker == 0xDA || marker == 0xD9 {
            return None; // image data began before any frame header
        }
        let length = usize::from(be16(bytes, at + 2)?);
        if is_start_of_frame(marker) {
            let height = u32::from(be16(bytes, at + 5)?);
            let width = u32::from(be16(bytes, at + 7)?);
            return Some((width, height));
        }
        at += 2 + length;
    }
}

/// Whether the JPEG's markers lead to a start of scan (its picture data) before the bytes end;
/// bytes that are not a marker where one belongs are not judged here.
fn jpeg_reaches_scan(bytes: &[u8]) -> bool {
    let mut at = 2;
    loop {
        while bytes.get(at) == Some(&0xFF) && bytes.get(at + 1) == Some(&0xFF) {
            at += 1;
        }
        let (Some(&first), Some(&marker)) = (bytes.get(at), bytes.get(at + 1)) else {
            return false;
        };
        if first != 0xFF || marker == 0xDA {
            return true;
        }
        if marker == 0xD9 {
            return false;
        }
        if marker == 0x01 || (0xD0..=0xD8).contains(&marker) {
            at += 2;
            continue;
        }
        let Some(length) = be16(bytes, at + 2) else {
            return false;
        };
        at += 2 + usize::from(length);
    }
}

/// SOF0-SOF15 except DHT (C4), JPG (C8) and DAC (CC).
fn is_start_of_frame(marker: u8) -> bool {
    (0xC0..=0xCF).contains(&marker) && !matches!(marker, 0xC4 | 0xC8 | 0xCC)
}

fn webp_dimensions(bytes: &[u8]) -> Option<(u32, u32)> {
    match bytes.get(12..16)? {
        // Lossy: 14-bit sizes after the 3-byte frame tag and 9D 01 2A start code.
        b"VP8 " => {
            if bytes.get(23..26)? != [0x9D, 0x01, 0x2A] {
                return None;
            }
            Some((
                u32::from(le16(bytes, 26)? & 0x3FFF),
                u32::from(le16(bytes, 28)? & 0x3FFF),
            ))
        }
        // Lossless: signature 0x2F, then width-1 and height-1 in 14 bits each.
        b"VP8L" => {
            if *bytes.get(20)? != 0x2F {
                return None;
            }
            let bits = le32(bytes, 21)?;
            Some(((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1))
        }
        // Extended: 24-bit canvas width-1 and height-1.
        b"VP8X" => Some((le24(bytes, 24)? + 1, le24(bytes, 27)? + 1)),
        _ => None,
    }
}

fn be16(bytes: &[u8], at: usize) -> Option<u16> {
    Some(u16::from_be_bytes(bytes.get(at..at + 2)?.try_into().ok()?))
}

fn be32(bytes: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_be_bytes(bytes.get(at..at + 4)?.try_into().ok()?))
}

fn le16(bytes: &[u8], at: usize) -> Option<u16> {
    Some(u16::from_le_bytes(bytes.get(at..at + 2)?.try_into().ok()?))
}

fn le24(bytes: &[u8], at: usize) -> Option<u32> {
    let b = bytes.get(at..at + 3)?;
    Some(u32::from(b[0]) | u32::from(b[1]) << 8 | u32::from(b[2]) << 16)
}

fn le32(bytes: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_le_bytes(bytes.get(at..at + 4)?.try_into().ok()?))
}

/// Tiny but well-formed headers for the tests of this crate.
#[cfg(test)]
pub(crate) mod fixtures {
    /// A PNG signature and IHDR chunk for a `width` x `height` image.
    pub(crate) fn png(width: u32, height: u32) -> Vec<u8> {
        let mut bytes = super::PNG_SIGNATURE.to_vec();
        bytes.extend_from_slice(b"\0\0\0\x0dIHDR");
        bytes.extend_from_slice(&width.to_be_bytes());
        bytes.extend_from_slice(&height.to_be_bytes());
        bytes.extend_from_slice(&[8, 6, 0, 0, 0, 0, 0, 0, 0]); // depth, colour, ..., CRC
        bytes.extend_from_slice(b"\0\0\0\0IDAT\x35\xaf\x06\x1e");
        bytes.extend_from_slice(b"\0\0\0\0IEND\xaeB`\x82");
        bytes
    }

    /// SOI, an APP0 segment, a baseline SOF0 frame header, a scan header and EOI.
    pub(crate) fn jpeg(width: u16, height: u16) -> Vec<u8> {
        let mut bytes = vec![0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10];
        bytes.extend_from_slice(b"JFIF\0\x01\x01\0\0\x01\0\x01\0\0");
        bytes.extend_from_slice(&[0xFF, 0xC0, 0x00, 0x11, 0x08]);
        bytes.extend_from_slice(&height.to_be_bytes());
        bytes.extend_from_slice(&width.to_be_bytes());
        bytes.extend_from_slice(&[3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
        bytes.extend_from_slice(&[0xFF, 0xDA, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3F, 0x00]);
        bytes.extend_from_slice(&[0xFF, 0xD9]);
        bytes
    }

    /// A RIFF/WEBP container whose first chunk is `chunk` with `payload`.
    pub(crate) fn webp(chunk: &[u8; 4], payload: &[u8]) -> Vec<u8> {
        let mut bytes = b"RIFF".to_vec();
        bytes.extend_from_slice(&(4 + 8 + payload.len() as u32).to_le_bytes());
        bytes.extend_from_slice(b"WEBP");
        bytes.extend_from_slice(chunk);
        bytes.extend_from_slice(&(payload.len() as u32).to_le_bytes());
        bytes.extend_from_slice(payload);
        bytes
    }

    /// A lossy WebP frame header for a `width` x `height` image.
    pub(crate) fn webp_lossy(width: u16, height: u16) -> Vec<u8> {
        let mut payload = vec![0x10, 0x02, 0x00, 0x9D, 0x01, 0x2A];
        payload.extend_from_slice(&width.to_le_bytes());
        payload.extend_from_slice(&height.to_le_bytes());
        webp(b"VP8 ", &payload)
    }
}

#[cfg(test)]
mod tests {
    use super::fixtures::*;
    use super::*;

    #[test]
    fn sniffs_each_format_by_signature() {
        assert_eq!(Raster::sniff(&png(1, 1)), Some(Raster::Png));
        assert_eq!(Raster::sniff(&jpeg(1, 1)), Some(Raster::Jpeg));
        assert_eq!(Raster::sniff(&webp_lossy(1, 1)), Some(Raster::Webp));
        assert_eq!(Raster::sniff(b"GIF89a\x01\0\x01\0"), Some(Raster::Gif));
        assert_eq!(Raster::sniff(b"<svg/>"), None);
        assert_eq!(Raster::sniff(b"RIFF\0\0\0\0WAVEfmt "), None);
    }

    #[test]
    fn names_the_picture_formats_plug_does_not_take() {
        let heic = b"\0\0\0\x18ftypheic\0\0\0\0mif1heic\0\0\0\0";
        assert!(unsupported_picture(heic).unwrap().contains("HEIC"));
        let avif = b"\0\0\0\x20ftypavif\0\0\0\0avifmif1miafMA1B\0\0\0\0";
        assert_eq!(unsupported_picture(avif), Some("an AVIF image"));
        assert_eq!(
            unsupported_picture(b"II*\0\x08\0\0\0"),
            Some("a TIFF image")
        );
        assert_eq!(
            unsupported_picture(b"MM\0*\0\0\0\x08"),
            Some("a TIFF image")
        );
        let mut bmp = b"BM\xf6\0\0\0\0\0\0\0\x36\0\0\0".to_vec();
        bmp.resize(40, 0);
        assert!(unsupported_picture(&bmp).unwrap().contains("BMP"));
        let mut ico = b"\0\0\x01\0\x01\0\x10\x10".to_vec();
        ico.resize(40, 0);
        assert!(unsupported_picture(&ico).unwrap().contains("ICO"));
        // A video's ftyp, a text starting "BM", and nothing at all are not pictures.
        assert_eq!(
            unsupported_picture(b"\0\0\0\x18ftypmp42\0\0\0\0isommp42"),
            None
        );
        assert_eq!(
            unsupported_picture(b"BMW owners' club minutes, page one."),
            None
        );
        assert_eq!(unsupported_picture(b""), None);
    }

    #[test]
    fn reads_png_dimensions_from_ihdr() {
        assert_eq!(Raster::Png.dimensions(&png(1200, 630)), Some((1200, 630)));
        assert!(Raster::Png.header_is_whole(&png(1, 1)));
        assert!(!Raster::Png.header_is_whole(&png(1, 1)[..20]));
    }

    #[test]
    fn reads_jpeg_dimensions_from_the_frame_header() {
        assert_eq!(Raster::Jpeg.dimensions(&jpeg(640, 480)), Some((640, 480)));
        assert_eq!(
            Raster::Jpeg.dimensions(&[0xFF, 0xD8, 0xFF, 0xDA, 0, 2]),
            None
        );
        assert_eq!(Raster::Jpeg.dimensions(&[0xFF, 0xD8, 0xFF]), None);
    }

    #[test]
    fn reads_webp_dimensions_from_each_chunk_kind() {
        assert_eq!(
            Raster::Webp.dimensions(&webp_lossy(320, 200)),
            Some((320, 200))
        );
        let bits: u32 = (99) | (49 << 14);
        let mut lossless = vec![0x2F];
        lossless.extend_from_slice(&bits.to_le_bytes());
        assert_eq!(
            Raster::Webp.dimensions(&webp(b"VP8L", &lossless)),
            Some((100, 50))
        );
        let extended = [0, 0, 0, 0, 0x7F, 0x07, 0, 0x37, 0x04, 0];
        assert_eq!(
            Raster::Webp.dimensions(&webp(b"VP8X", &extended)),
            Some((1920, 1080))
        );
    }

    #[test]
    fn tells_a_picture_cut_before_its_data_from_one_cut_inside_it() {
        for whole in [png(4, 4), jpeg(4, 4), webp_lossy(4, 4)] {
            let raster = Raster::sniff(&whole).unwrap();
            assert_eq!(raster.nothing_to_draw(&whole), None, "{raster:?}");
        }
        let png = png(4, 4);
        assert!(Raster::Png.nothing_to_draw(&png[..33]).is_some());
        assert_eq!(Raster::Png.nothing_to_draw(&png[..45]), None, "IDAT begun");
        let jpeg = jpeg(4, 4);
        let scan = jpeg.len() - 12;
        assert!(Raster::Jpeg.nothing_to_draw(&jpeg[..scan]).is_some());
        assert_eq!(Raster::Jpeg.nothing_to_draw(&jpeg[..scan + 4]), None);
        let mut short = webp_lossy(4, 4);
        short[4..8].copy_from_slice(&8u32.to_le_bytes());
        assert!(Raster::Webp
            .nothing_to_draw(&short)
            .unwrap()
            .contains("shorter"));
        let mut long = webp_lossy(4, 4);
        long[4..8].copy_from_slice(&9_000u32.to_le_bytes());
        assert_eq!(
            Raster::Webp.nothing_to_draw(&long),
            None,
            "cut inside: the viewer's"
        );
    }

    #[test]
    fn survives_truncated_headers() {
        for cut in 0..40 {
            let bytes = &jpeg(10, 10)[..cut.min(jpeg(10, 10).len())];
            let _ = Raster::Jpeg.dimensions(bytes);
            let _ = Raster::Webp.dimensions(&webp_lossy(5, 5)[..cut.min(30)]);
            let _ = Raster::Png.dimensions(&png(5, 5)[..cut.min(33)]);
            let _ = Raster::Jpeg.nothing_to_draw(bytes);
            let _ = Raster::Webp.nothing_to_draw(&webp_lossy(5, 5)[..cut.min(30)]);
            let _ = Raster::Png.nothing_to_draw(&png(5, 5)[..cut.min(45)]);
        }
    }
}
