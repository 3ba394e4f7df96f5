//! Whether an SVG's width or height reads as a positive number, with the answer of
//! `value.parse::<f64>()` and `> 0.0` but without its conversion: only the sign and the size of the
//! number matter here, and the conversion's tables were about 10 KiB of the Worker's upload
//! (README "Speed and size"). The tests hold it equal to `parse::<f64>` on every form Rust reads.

/// True when `value.parse::<f64>()` is `Ok(n)` with `n > 0.0`: Rust's float syntax (an optional
/// sign; `inf`, `infinity` or `nan` in any case; digits with at most one `.` and at least one
/// digit, then an optional `e` or `E`, an optional sign and digits), a `+` or no sign, not `nan`,
/// and not so small that it rounds to zero.
pub(super) fn is_positive_number(value: &str) -> bool {
    let (negative, rest) = match value.as_bytes().first() {
        Some(b'-') => (true, &value[1..]),
        Some(b'+') => (false, &value[1..]),
        _ => (false, value),
    };
    if rest.eq_ignore_ascii_case("inf") || rest.eq_ignore_ascii_case("infinity") {
        return !negative;
    }
    let (mantissa, exponent) = match rest.find(['e', 'E']) {
        Some(at) => (&rest[..at], Some(&rest[at + 1..])),
        None => (rest, None),
    };
    let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let all_digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if whole.len() + fraction.len() == 0 || !all_digits(whole) || !all_digits(fraction) {
        return false;
    }
    let exponent: i64 = match exponent {
        None => 0,
        Some(exponent) => {
            let digits = exponent.strip_prefix(['+', '-']).unwrap_or(exponent);
            if digits.is_empty() || !all_digits(digits) {
                return false;
            }
            // Past a few billion the value is infinite or zero whatever the digits are.
            let size = digits
                .bytes()
                .fold(0i64, |n, b| (n * 10 + i64::from(b - b'0')).min(1 << 40));
            if exponent.starts_with('-') {
                -size
            } else {
                size
            }
        }
    };
    if negative {
        return false;
    }
    // The value is 0.DIGITS x 10^point, DIGITS starting with a non-zero digit.
    let whole_digits = whole.trim_start_matches('0');
    let (digits, point) = if whole_digits.is_empty() {
        let significant = fraction.trim_start_matches('0');
        let zeros = (fraction.len() - significant.len()) as i64;
        (significant.to_string(), -zeros)
    } else {
        (
            format!("{whole_digits}{fraction}"),
            whole_digits.len() as i64,
        )
    };
    let digits = digits.trim_end_matches('0');
    if digits.is_empty() {
        return false;
    }
    // The smallest double is 2^-1074; a value up to half of it, 2^-1075 = 0.2470...e-323, rounds
    // to zero (a tie goes to the even zero).
    match (point + exponent).cmp(&-323) {
        std::cmp::Ordering::Greater => true,
        std::cmp::Ordering::Less => false,
        std::cmp::Ordering::Equal => digits > half_of_smallest_double().as_str(),
    }
}

/// The significant digits of 2^-1075, which are those of 5^1075 (2^-1075 = 5^1075 / 10^1075).
fn half_of_smallest_double() -> String {
    let mut digits = vec![1u8]; // least significant first
    for _ in 0..1075 {
        let mut carry = 0;
        for digit in &mut digits {
            let product = *digit * 5 + carry;
            *digit = product % 10;
            carry = product / 10;
        }
        if carry > 0 {
            digits.push(carry);
        }
    }
    digits.iter().rev().map(|d| char::from(b'0' + d)).collect()
}

#[cfg(test)]
mod tests {
    use super::{half_of_smallest_double, is_positive_number};

    fn rust_reads_positive(value: &str) -> bool {
        value.parse::<f64>().is_ok_and(|n| n > 0.0)
    }

    #[test]
    fn agrees_with_rusts_float_parser() {
        let half = half_of_smallest_double();
        assert!(half.starts_with("24703282292062327208828439643411068618252990130716"));
        assert_eq!(half.len(), 752);
        let below = format!("0.{}{}e-323", &half[..751], "4");
        let above = format!("0.{half}1e-323");
        let mut cases: Vec<String> = [
            "1",
            "100",
            "0",
            "00",
            "-1",
            "+1",
            "+0",
            "-0",
            "1.5",
            "1.",
            ".5",
            ".",
            "",
            "+",
            "-",
            "0.0",
            "0.000",
            "000.0001",
            "10.25",
            "1e3",
            "1E3",
            "1e+3",
            "1e-3",
            "1e",
            "1e+",
            "e3",
            ".e3",
            "1.e3",
            ".5e1",
            "1e-400",
            "1e400",
            "-1e400",
            "1e-323",
            "1e-324",
            "3e-324",
            "2e-324",
            "2.5e-324",
            "2.4703282292062328e-324",
            "2.4703282292062327e-324",
            "0.0000000000000000000000000001e-300",
            "1000000000000000000000e-344",
            "99999999999999999999999999999e99999999999999999999",
            "1e-99999999999999999999999",
            "0e99999999999999999999",
            "inf",
            "INF",
            "Infinity",
            "+inFinity",
            "-inf",
            "infinit",
            "infinityy",
            "nan",
            "NaN",
            "+nan",
            "-NaN",
            "1_0",
            "1 0",
            " 1",
            "1 ",
            "0x10",
            "1.2.3",
            "1e3.5",
            "1e3e4",
            "١",
            "12px",
            "½",
            "1e-0",
            "0.1e1",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        cases.push(format!("0.{half}e-323"));
        cases.push(format!("{half}e-1075"));
        cases.push(below);
        cases.push(above);
        cases.push(format!("0.{}e-323", &half[..40]));
        cases.push(format!(
            "0.{}e-323",
            "2470328229206232720882843964341106861825299013071624"
        ));
        for exponent in -330..=-318 {
            for mantissa in ["1", "2", "2.47", "2.48", "4.9", "5", "9.99"] {
                cases.push(format!("{mantissa}e{exponent}"));
            }
        }
        for case in &cases {
            assert_eq!(
                is_positive_number(case),
                rust_reads_positive(case),
                "{case:?}"
            );
        }
    }
}
