//! IDNA 2003 (RFC 3490 ToASCII with the Nameprep profile of RFC 3491),
//! as Python's `encodings.idna` codec applies it to a host beyond ASCII:
//! the reading the `surt` package and w3lib give such a host. UTS #46 (the `idna`
//! crate's, and every browser's) differs from it in its validity rules: it
//! refuses a label that begins with a combining mark and allows a
//! right-to-left label that ends in a digit, where IDNA 2003 does the
//! reverse. So this module applies Nameprep's own steps:
//!
//! 1. B.1, code points mapped to nothing; B.2, case folding closed under
//!    NFKC, a code point at a time ([`map_b2`]), then NFKC;
//! 2. the prohibited code points of tables C.1.2 and C.2.2 to C.9;
//! 3. the bidi rule of RFC 3454 section 6: a label with a right-to-left
//!    character has no left-to-right one and begins and ends with a
//!    right-to-left one;
//! 4. ToASCII: a label that is ASCII now is kept; one that begins with
//!    `xn--` is refused; the rest are punycode with `xn--` before them;
//!    each label 1 to 63 octets.
//!
//! The Unicode data is today's (the `unicode-normalization`,
//! `icu_casemap` and `icu_properties` crates), where Python's NFKC and
//! tables are Unicode 3.2's: the five decompositions Unicode 4.0
//! corrected are read as 3.2 had them ([`NFKC_3_2`]), so that only code
//! points assigned since 3.2 can read differently (every code point 3.2
//! assigned is compared with the codec in the Python tests).

use alloc::string::String;
use alloc::vec::Vec;

use icu_casemap::CaseMapper;
use icu_properties::props::BidiClass;
use icu_properties::CodePointMapData;
use unicode_normalization::UnicodeNormalization;

/// The four full stops RFC 3490 section 3.1 splits labels at.
const DOTS: [char; 4] = ['.', '\u{3002}', '\u{ff0e}', '\u{ff61}'];

/// The ASCII form of `host` (read as UTF-8 with what is not UTF-8
/// dropped), or `None` where the codec refuses it.
pub(crate) fn to_ascii(host: &[u8]) -> Option<Vec<u8>> {
    let text = utf8_ignoring_errors(host);
    let fits = |l: &[u8]| !l.is_empty() && l.len() < 64;
    if text.is_ascii() {
        // The codec's ASCII path: every label but the last 1 to 63 octets,
        // the last (empty after a trailing dot) under 64.
        let labels: Vec<&[u8]> = text.as_bytes().split(|&b| b == b'.').collect();
        let (last, rest) = labels.split_last()?;
        return (rest.iter().all(|l| fits(l)) && last.len() < 64).then(|| text.into_bytes());
    }
    let mut labels: Vec<&str> = text.split(DOTS).collect();
    let trailing_dot = labels.last() == Some(&"");
    if trailing_dot {
        labels.pop();
    }
    let mut out = Vec::with_capacity(text.len() + 8);
    for (i, label) in labels.into_iter().enumerate() {
        if i > 0 {
            out.push(b'.');
        }
        let ascii = label_to_ascii(label)?;
        if !fits(ascii.as_bytes()) {
            return None;
        }
        out.extend_from_slice(ascii.as_bytes());
    }
    if trailing_dot {
        out.push(b'.');
    }
    Some(out)
}

/// ToASCII of one label.
fn label_to_ascii(label: &str) -> Option<String> {
    if label.is_ascii() {
        return Some(label.into());
    }
    let prepped = nameprep(label)?;
    if prepped.is_ascii() {
        return Some(prepped);
    }
    if prepped.starts_with("xn--") {
        return None;
    }
    let mut out = String::from("xn--");
    out.push_str(&idna::punycode::encode_str(&prepped)?);
    Some(out)
}

/// Nameprep (RFC 3491): map, normalize, prohibit, check bidi.
fn nameprep(label: &str) -> Option<String> {
    let mut mapped = String::with_capacity(label.len() + 4);
    for c in label.chars() {
        if !mapped_to_nothing(c) {
            map_b2(c, &mut mapped);
        }
    }
    let label = nfkc(&mapped);
    if label.chars().any(prohibited) {
        return None;
    }
    let bidi = CodePointMapData::<BidiClass>::new();
    let rtl = |c: char| {
        matches!(
            bidi.get(c),
            BidiClass::RightToLeft | BidiClass::ArabicLetter
        )
    };
    if label.chars().any(rtl) {
        let ltr = label.chars().any(|c| bidi.get(c) == BidiClass::LeftToRight);
        let ends = label.chars().next().is_some_and(rtl) && label.chars().last().is_some_and(rtl);
        if ltr || !ends {
            return None;
        }
    }
    Some(label)
}

/// RFC 3454 table B.2 for one code point, as Python's `stringprep`
/// computes it: B.3's folding (`al`), kept unless folding its NFKC form
/// again and normalizing changes that form (`Ⅻ` to `XII` to `xii`), in
/// which case the result of that. Table B.2 is B.3 closed under NFKC
/// (RFC 3454 section 3.2).
fn map_b2(c: char, out: &mut String) {
    if c.is_ascii() {
        // Folded to its lower case, and NFKC leaves ASCII as it is.
        out.push(c.to_ascii_lowercase());
        return;
    }
    let mut al = String::new();
    fold_b3(c, &mut al);
    let b = nfkc(&al);
    let mut bl = String::with_capacity(b.len());
    b.chars().for_each(|c| fold_b3(c, &mut bl));
    let again = nfkc(&bl);
    out.push_str(if b != again { &again } else { &al });
}

/// RFC 3454 table B.3 (case folding with no normalization) for one code
/// point: its full case folding (Unicode's CaseFolding.txt, statuses C
/// and F: `ß` to `ss`, `ς` to `σ`, `ͅ` and the iota below of `ᾳ` to
/// `ι`) where that changes it, else its lower case. B.3 is
/// CaseFolding 3.2's C and F mappings; Python applies its entries that
/// differ from `str.lower`, and `str.lower` (today's) to the rest. The
/// one folding that goes the other way, Cherokee's small letters (Unicode
/// 8.0) to its capitals, is in neither: the capitals are lowered (to the
/// small letters) and the small letters kept, as there.
fn fold_b3(c: char, out: &mut String) {
    let mut buf = [0u8; 4];
    let one = c.encode_utf8(&mut buf);
    let folded = CaseMapper::new().fold_string(one);
    let to_cherokee = folded
        .chars()
        .all(|f| ('\u{13A0}'..='\u{13F5}').contains(&f));
    if folded != *one && !to_cherokee {
        out.push_str(&folded);
    } else {
        out.extend(c.to_lowercase());
    }
}

/// The five compatibility ideographs whose decompositions Unicode 4.0
/// corrected (Corrigendum #4, the UCD's NormalizationCorrections.txt),
/// each with the decomposition Unicode 3.2 gave it: Nameprep normalizes
/// by Unicode 3.2 (RFC 3491 section 6, as Python's codec does).
const NFKC_3_2: [(char, char); 5] = [
    ('\u{2F868}', '\u{2136A}'),
    ('\u{2F874}', '\u{5F33}'),
    ('\u{2F91F}', '\u{43AB}'),
    ('\u{2F95F}', '\u{7AAE}'),
    ('\u{2F9BF}', '\u{4D57}'),
];

/// NFKC of `s` as Unicode 3.2 reads it: the corrected decompositions
/// ([`NFKC_3_2`]) as they were, the rest by today's data.
fn nfkc(s: &str) -> String {
    let as_3_2 = |c: char| {
        NFKC_3_2
            .iter()
            .find(|&&(from, _)| from == c)
            .map_or(c, |&(_, to)| to)
    };
    s.chars().map(as_3_2).nfkc().collect()
}

/// RFC 3454 table B.1.
fn mapped_to_nothing(c: char) -> bool {
    matches!(c,
        '\u{ad}' | '\u{34f}' | '\u{1806}' | '\u{180b}'..='\u{180d}' | '\u{200b}'..='\u{200d}'
        | '\u{2060}' | '\u{fe00}'..='\u{fe0f}' | '\u{feff}')
}

/// RFC 3454 tables C.1.2 and C.2.2 to C.9, the ones Nameprep prohibits.
fn prohibited(c: char) -> bool {
    matches!(c,
        // C.1.2 non-ASCII space characters
        '\u{a0}' | '\u{1680}' | '\u{2000}'..='\u{200b}' | '\u{202f}' | '\u{205f}' | '\u{3000}'
        // C.2.2 non-ASCII control characters
        | '\u{80}'..='\u{9f}' | '\u{6dd}' | '\u{70f}' | '\u{180e}' | '\u{200c}' | '\u{200d}'
        | '\u{2028}' | '\u{2029}' | '\u{2060}'..='\u{2063}' | '\u{206a}'..='\u{206f}'
        | '\u{feff}' | '\u{fff9}'..='\u{fffc}' | '\u{1d173}'..='\u{1d17a}'
        // C.3 private use
        | '\u{e000}'..='\u{f8ff}' | '\u{f0000}'..='\u{ffffd}' | '\u{100000}'..='\u{10fffd}'
        // C.4 non-character code points
        | '\u{fdd0}'..='\u{fdef}'
        // C.6 inappropriate for plain text (C.5, surrogates, cannot occur)
        | '\u{fffd}'
        // C.7 inappropriate for canonical representation
        | '\u{2ff0}'..='\u{2ffb}'
        // C.8 change display properties or are deprecated
        | '\u{340}' | '\u{341}' | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}'
        // C.9 tagging characters
        | '\u{e0001}' | '\u{e0020}'..='\u{e007f}')
        // C.4: the last two code points of every plane.
        || (c as u32) & 0xfffe == 0xfffe
}

/// `bytes.decode('utf-8', 'ignore')`.
fn utf8_ignoring_errors(mut bytes: &[u8]) -> String {
    let mut s = String::with_capacity(bytes.len());
    loop {
        match core::str::from_utf8(bytes) {
            Ok(t) => {
                s.push_str(t);
                return s;
            }
            Err(e) => {
                let good = e.valid_up_to();
                s.push_str(core::str::from_utf8(&bytes[..good]).unwrap_or(""));
                match e.error_len() {
                    Some(n) => bytes = &bytes[good + n..],
                    None => return s,
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::to_ascii;

    /// What Python's codec answers (`'…'.encode('idna')`, CPython 3.11).
    #[test]
    fn as_pythons_codec() {
        let a = |h: &str| to_ascii(h.as_bytes()).map(|v| String::from_utf8(v).unwrap());
        use alloc::string::String;
        assert_eq!(a("bücher.ch").as_deref(), Some("xn--bcher-kva.ch"));
        assert_eq!(a("☃.com").as_deref(), Some("xn--n3h.com"));
        assert_eq!(a("straße.de").as_deref(), Some("strasse.de"));
        assert_eq!(a("BÜCHER。ch").as_deref(), Some("xn--bcher-kva.ch"));
        assert_eq!(a("xn--ß").as_deref(), Some("xn--ss"));
        assert_eq!(a("\u{301}").as_deref(), Some("xn--lsa"));
        assert_eq!(a("⒈").as_deref(), Some("1."));
        assert_eq!(a("ا0"), None);
        assert_eq!(a("ا0ا").as_deref(), Some("xn--0-ymcb"));
        assert_eq!(a("Ⅻ.com").as_deref(), Some("xii.com"));
        assert_eq!(a("ﬁ.com").as_deref(), Some("fi.com"));
        assert_eq!(a("İ.com").as_deref(), Some("xn--i-9bb.com"));
        assert_eq!(a("ẞ.de").as_deref(), Some("ss.de"));
        assert_eq!(a("a..ü"), None);
        // NFKC makes a no-break space a space before the prohibition test.
        assert_eq!(a("a\u{a0}ü").as_deref(), Some("xn--a -yka"));
        assert_eq!(a("a\u{1680}ü"), None);
        assert_eq!(a("a\u{e000}ü"), None);
        assert_eq!(a("a\u{200e}ü"), None);
        // B.3 is full case folding: the iota below (`ͅ`, and the one in
        // `ᾳ`) folds to `ι`, a capital with it to two code points.
        assert_eq!(a("a\u{345}b").as_deref(), Some("xn--ab-09b"));
        assert_eq!(a("a\u{1f88}b").as_deref(), Some("xn--ab-09b540z"));
        assert_eq!(a("a\u{1fb3}b").as_deref(), Some("xn--ab-c9b6a"));
        assert_eq!(a("a\u{37a}b").as_deref(), Some("xn--a b-myc"));
        // Unicode 3.2's decomposition of a compatibility ideograph that
        // Unicode 4.0 corrected.
        assert_eq!(a("a\u{2f868}b").as_deref(), Some("xn--ab-2364a"));
        assert_eq!(a("a\u{2f9bf}b").as_deref(), Some("xn--ab-eg2c"));
        // A Cherokee capital is lowered, and its small letter not folded
        // back.
        assert_eq!(a("a\u{13a0}b").as_deref(), Some("xn--ab-5f1i"));
    }
}
