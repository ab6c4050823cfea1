//! The host view (RFC 3986 section 3.2.2): `IP-literal / IPv4address /
//! reg-name`, as written, with its type and its address decoded when asked
//! for (the parsing is `parse::ip`'s).
//!
//! May use: `parse`, `pct`, `error`.

use core::fmt;
use core::net::{Ipv4Addr, Ipv6Addr};

use crate::parse::ip::{dotted_decimal, parse_ipv6};
use crate::parse::HostType;
use crate::pct::PctStr;

/// The host of an authority, as written (an IP literal keeps its brackets),
/// with typed access to IP addresses.
///
/// ```
/// use std::net::{Ipv4Addr, Ipv6Addr};
/// use urikit::UriRef;
///
/// let h = UriRef::parse("http://[::ffff:1.2.3.4]:80/").unwrap().host().unwrap();
/// assert_eq!(h.as_str(), "[::ffff:1.2.3.4]");
/// assert_eq!(h.ipv6(), Some(Ipv6Addr::new(0, 0, 0, 0, 0, 0xffff, 0x0102, 0x0304)));
///
/// let h = UriRef::parse("//10.0.0.1").unwrap().host().unwrap();
/// assert_eq!(h.ipv4(), Some(Ipv4Addr::new(10, 0, 0, 1)));
///
/// let h = UriRef::parse("//256.1.1.1").unwrap().host().unwrap();
/// assert_eq!(h.reg_name().unwrap(), "256.1.1.1");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Host<'a> {
    text: &'a str,
    meta: HostType,
}

impl<'a> Host<'a> {
    pub(crate) const fn new(text: &'a str, meta: HostType) -> Host<'a> {
        Host { text, meta }
    }

    /// The host as written, with the brackets of an IP literal.
    ///
    /// ```
    /// let h = urikit::UriRef::parse("//[::1]").unwrap().host().unwrap();
    /// assert_eq!(h.as_str(), "[::1]");
    /// ```
    pub const fn as_str(&self) -> &'a str {
        self.text
    }

    /// The kind of host.
    ///
    /// ```
    /// use urikit::{HostType, UriRef};
    /// assert_eq!(UriRef::parse("file:///x").unwrap().host().unwrap().host_type(), HostType::RegName);
    /// ```
    pub const fn host_type(&self) -> HostType {
        self.meta
    }

    /// The registered name (possibly empty, possibly percent-encoded), if the
    /// host is one.
    ///
    /// ```
    /// let h = urikit::UriRef::parse("//ex%41mple.com").unwrap().host().unwrap();
    /// assert_eq!(h.reg_name().unwrap().decode_utf8().unwrap(), "exAmple.com");
    /// ```
    pub fn reg_name(&self) -> Option<PctStr<'a>> {
        match self.meta {
            HostType::RegName => Some(PctStr::new_unchecked(self.text)),
            _ => None,
        }
    }

    /// The IPv4 address, if the host is one.
    ///
    /// ```
    /// let h = urikit::UriRef::parse("//1.2.3").unwrap().host().unwrap();
    /// assert_eq!(h.ipv4(), None); // three octets make a reg-name
    /// ```
    pub fn ipv4(&self) -> Option<Ipv4Addr> {
        match self.meta {
            HostType::Ipv4 => dotted_decimal(self.text.as_bytes()).map(Ipv4Addr::from),
            _ => None,
        }
    }

    /// The IPv6 address, if the host is one (without its zone identifier,
    /// see [`zone_id`](Self::zone_id)).
    ///
    /// ```
    /// let h = urikit::UriRef::parse("//[1::]").unwrap().host().unwrap();
    /// assert_eq!(h.ipv6(), Some(std::net::Ipv6Addr::new(1, 0, 0, 0, 0, 0, 0, 0)));
    /// ```
    pub fn ipv6(&self) -> Option<Ipv6Addr> {
        match self.meta {
            // The text was read as an IPv6 literal: a zone there was
            // accepted on request.
            HostType::Ipv6 => parse_ipv6(self.text.as_bytes(), 1, true)
                .ok()
                .map(|(_, p)| Ipv6Addr::from(p)),
            _ => None,
        }
    }

    /// The zone identifier of an IPv6 literal (RFC 6874 section 2: the
    /// `ZoneID` after `%25`), still percent-encoded; decode it with
    /// [`PctStr::decode_utf8`]. Zone identifiers are read only when the
    /// parser is asked to ([`Parser::zone_ids`](crate::Parser::zone_ids)):
    /// RFC 3986 has none, and RFC 9844 obsoleted RFC 6874.
    ///
    /// ```
    /// use urikit::{Dialect, Parser};
    ///
    /// let p = Parser::new(Dialect::Rfc3986).zone_ids(true);
    /// let h = p.parse("http://[fe80::1%25en%301]/").unwrap().host().unwrap();
    /// assert_eq!(h.zone_id().unwrap(), "en%301");
    /// assert_eq!(h.zone_id().unwrap().decode_utf8().unwrap(), "en01");
    /// assert_eq!(h.ipv6(), Some("fe80::1".parse().unwrap()));
    /// assert!(urikit::UriRef::parse("http://[fe80::1%25en0]/").is_err());
    /// ```
    pub fn zone_id(&self) -> Option<PctStr<'a>> {
        match self.meta {
            HostType::Ipv6 => {
                let at = self.text.find("%25")?;
                Some(PctStr::new_unchecked(
                    &self.text[at + 3..self.text.len() - 1],
                ))
            }
            _ => None,
        }
    }

    /// The text between the brackets of an IP literal (IPv6 or IPvFuture).
    ///
    /// ```
    /// let h = urikit::UriRef::parse("//[v1.fe:x]").unwrap().host().unwrap();
    /// assert_eq!(h.ip_literal(), Some("v1.fe:x"));
    /// ```
    pub fn ip_literal(&self) -> Option<&'a str> {
        match self.meta {
            HostType::Ipv6 | HostType::IpvFuture => Some(&self.text[1..self.text.len() - 1]),
            _ => None,
        }
    }
}

/// `s` with `host` in place of `s[start..end]`, where its host lies.
#[cfg(feature = "idna")]
pub(crate) fn splice(s: &str, start: usize, end: usize, host: &str) -> alloc::string::String {
    let mut text = alloc::string::String::with_capacity(s.len() + host.len());
    text.push_str(&s[..start]);
    text.push_str(host);
    text.push_str(&s[end..]);
    text
}

/// The Public Suffix List's reading of a host name (the list compiled in,
/// [`psl::VERSION`](crate::psl::VERSION); [`crate::psl::List`] for a list
/// read at run time).
#[cfg(feature = "psl")]
impl<'a> Host<'a> {
    /// The public suffix of a reg-name by the Public Suffix List, its ICANN
    /// and private sections both ([`View::All`](crate::psl::View::All)), as
    /// written: the labels under which names are registered, such as
    /// `co.uk` of `www.example.co.uk` or `github.io` of `a.github.io`. A
    /// name no rule matches has its last label as suffix (the list's
    /// default rule `*`). `None` for an IP address, an empty host, an
    /// empty label, or a name longer than a DNS name (253 octets, a final
    /// dot aside). Letters are compared without case; a final dot is left
    /// out of the result.
    ///
    /// ```
    /// use urikit::UriRef;
    /// let host = |s| UriRef::parse(s).unwrap().host().unwrap();
    /// assert_eq!(host("http://www.Example.CO.uk/").public_suffix(), Some("CO.uk"));
    /// assert_eq!(host("http://a.b.github.io/").public_suffix(), Some("github.io"));
    /// assert_eq!(host("http://10.0.0.1/").public_suffix(), None);
    /// ```
    pub fn public_suffix(&self) -> Option<&'a str> {
        self.by_suffix_list(crate::psl::View::All, false)
    }

    /// The registrable domain of a reg-name by the Public Suffix List, its
    /// ICANN and private sections both: its public suffix and one label
    /// more, as written (`example.co.uk` of `www.example.co.uk`). `None`
    /// where [`public_suffix`](Self::public_suffix) is, and for a name that
    /// is itself a public suffix.
    ///
    /// ```
    /// use urikit::UriRef;
    /// let host = |s| UriRef::parse(s).unwrap().host().unwrap();
    /// assert_eq!(host("http://www.Example.co.uk./").registrable_domain(), Some("Example.co.uk"));
    /// assert_eq!(host("http://co.uk/").registrable_domain(), None);
    /// assert_eq!(host("http://[::1]/").registrable_domain(), None);
    /// ```
    pub fn registrable_domain(&self) -> Option<&'a str> {
        self.by_suffix_list(crate::psl::View::All, true)
    }

    /// [`public_suffix`](Self::public_suffix) by the list's ICANN section
    /// alone ([`View::Icann`](crate::psl::View::Icann)): the suffix a
    /// registry delegates, `io` of `a.github.io`.
    ///
    /// ```
    /// use urikit::UriRef;
    /// let host = |s| UriRef::parse(s).unwrap().host().unwrap();
    /// assert_eq!(host("http://a.b.github.io/").icann_public_suffix(), Some("io"));
    /// assert_eq!(host("http://www.example.co.uk/").icann_public_suffix(), Some("co.uk"));
    /// ```
    pub fn icann_public_suffix(&self) -> Option<&'a str> {
        self.by_suffix_list(crate::psl::View::Icann, false)
    }

    /// [`registrable_domain`](Self::registrable_domain) by the list's ICANN
    /// section alone: `github.io` of `a.b.github.io`.
    ///
    /// ```
    /// use urikit::UriRef;
    /// let host = |s| UriRef::parse(s).unwrap().host().unwrap();
    /// assert_eq!(host("http://a.b.github.io/").icann_registrable_domain(), Some("github.io"));
    /// assert_eq!(host("http://github.io/").icann_registrable_domain(), Some("github.io"));
    /// assert_eq!(host("http://github.io/").registrable_domain(), None);
    /// ```
    pub fn icann_registrable_domain(&self) -> Option<&'a str> {
        self.by_suffix_list(crate::psl::View::Icann, true)
    }

    /// The reg-name's public suffix, or its registrable domain (`domain`),
    /// by the compiled-in list in `view`.
    #[inline]
    fn by_suffix_list(&self, view: crate::psl::View, domain: bool) -> Option<&'a str> {
        let name = self.reg_name()?.as_str();
        let list = crate::psl::List::builtin();
        if domain {
            list.registrable_domain(name, view)
        } else {
            list.public_suffix(name, view)
        }
    }
}

/// Internationalized host names (the `idna` feature): a reg-name is
/// percent-decoded to UTF-8 (RFC 3986 section 3.2.2: "non-ASCII characters
/// must first be encoded according to UTF-8 ... and then each octet of the
/// corresponding UTF-8 sequence must be percent-encoded") and put through
/// UTS #46 by the `idna` crate. IP addresses are returned as written.
#[cfg(feature = "idna")]
impl<'a> Host<'a> {
    /// The host's ASCII form for the DNS (UTS #46 ToASCII, nontransitional,
    /// with the URL Standard's forbidden host code points refused): labels
    /// are mapped (case folded, NFC) and non-ASCII labels written as
    /// `xn--` Punycode. Anything left that a reg-name cannot hold is
    /// percent-encoded, so the result is always a valid host.
    ///
    /// # Errors
    ///
    /// [`InvalidUtf8`](crate::ErrorKind::InvalidUtf8) when the decoded name is not UTF-8,
    /// [`InvalidIdna`](crate::ErrorKind::InvalidIdna) when UTS #46 refuses it (an invalid
    /// `xn--` label, a disallowed character); the offset is 0, the start of the host.
    ///
    /// ```
    /// use urikit::{IriRef, UriRef};
    ///
    /// let h = IriRef::parse("http://Bücher.example/").unwrap().host().unwrap();
    /// assert_eq!(h.to_ascii()?, "xn--bcher-kva.example");
    /// let h = UriRef::parse("http://B%C3%BCcher.EXAMPLE/").unwrap().host().unwrap();
    /// assert_eq!(h.to_ascii()?, "xn--bcher-kva.example");
    /// let h = UriRef::parse("http://xn--a-ecp.example/").unwrap().host().unwrap();
    /// assert_eq!(h.to_ascii().unwrap_err().code(), "invalid-idna");
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub fn to_ascii(&self) -> Result<alloc::borrow::Cow<'a, str>, crate::Error> {
        use alloc::borrow::Cow;
        let Some(name) = self.reg_name() else {
            return Ok(Cow::Borrowed(self.text));
        };
        let ascii = name_to_ascii(&name.decode())?;
        if ascii == self.text {
            return Ok(Cow::Borrowed(self.text));
        }
        Ok(Cow::Owned(ascii))
    }

    /// The host's Unicode form (UTS #46 ToUnicode): `xn--` labels decoded,
    /// labels mapped (case folded, NFC). Characters an IRI host cannot
    /// hold are percent-encoded, so the result is always a valid IRI host.
    ///
    /// # Errors
    ///
    /// As [`to_ascii`](Self::to_ascii).
    ///
    /// ```
    /// let h = urikit::UriRef::parse("http://xn--bcher-kva.EXAMPLE/").unwrap().host().unwrap();
    /// assert_eq!(h.to_unicode()?, "bücher.example");
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub fn to_unicode(&self) -> Result<alloc::borrow::Cow<'a, str>, crate::Error> {
        self.unicode_where(|_, _| true)
    }

    /// The host as it is safe to show a person, decided as Chromium's IDN
    /// spoof checker decides it (its `docs/idn.md`): like
    /// [`to_unicode`](Self::to_unicode) (UTS #46 `to_user_interface`), but
    /// a label is shown in Unicode only when
    ///
    /// - its characters are allowed identifiers of UTS #39 and it is
    ///   *highly restrictive* (UTS #39 section 5.2: one script, or Latin
    ///   with Han and the Japanese or Korean scripts), and
    /// - it is not a whole-script confusable of an ASCII label: its UTS
    ///   #39 skeleton (section 4, through the `unicode-security` crate's
    ///   confusable data) is not all ASCII, so that the all-Cyrillic
    ///   `аррӏе` (skeleton `apple`) stays `xn--80ak6aa92e`. Under a top-level
    ///   label written in the label's own script (`.рф`), where a reader
    ///   expects that script, such a label is shown.
    ///
    /// Else the label stays `xn--`. A name UTS #46 refuses, or a name
    /// without `xn--` labels, is returned as written.
    ///
    /// ```
    /// let u = urikit::UriRef::parse("http://xn--bcher-kva.example/")?;
    /// assert_eq!(u.host().unwrap().to_unicode_display(), "bücher.example");
    /// // "аpple" with a Cyrillic "а" mixes scripts: kept as Punycode.
    /// let u = urikit::UriRef::parse("http://xn--pple-43d.com/")?;
    /// assert_eq!(u.host().unwrap().to_unicode_display(), "xn--pple-43d.com");
    /// // All Cyrillic, but every letter looks Latin: kept as Punycode.
    /// let u = urikit::UriRef::parse("http://xn--80ak6aa92e.com/")?;
    /// assert_eq!(u.host().unwrap().to_unicode_display(), "xn--80ak6aa92e.com");
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub fn to_unicode_display(&self) -> alloc::borrow::Cow<'a, str> {
        use alloc::borrow::Cow;
        use unicode_security::mixed_script::AugmentedScriptSet;
        use unicode_security::{RestrictionLevel, RestrictionLevelDetection};
        let punycode = self
            .text
            .split('.')
            .any(|l| l.get(..4).is_some_and(|p| p.eq_ignore_ascii_case("xn--")));
        if self.reg_name().is_none() || !punycode {
            return Cow::Borrowed(self.text);
        }
        self.unicode_where(|label, tld| {
            let label: alloc::string::String = label.iter().collect();
            if label.as_str().detect_restriction_level() > RestrictionLevel::HighlyRestrictive {
                return false;
            }
            let looks_ascii =
                !label.is_ascii() && unicode_security::skeleton(&label).all(|c| c.is_ascii());
            if !looks_ascii {
                return true;
            }
            // Whole-script confusable: shown only under a top-level label
            // of its own script.
            let tld: alloc::string::String = tld.iter().collect();
            let mut scripts = AugmentedScriptSet::for_str(&label);
            scripts.intersect_with(AugmentedScriptSet::for_str(&tld));
            !tld.is_ascii() && !scripts.is_empty() && !scripts.is_all()
        })
        .unwrap_or(Cow::Borrowed(self.text))
    }

    /// UTS #46 ToUnicode, with the labels for which `show` (given the
    /// label and the top-level label, decoded) is false left in Punycode.
    fn unicode_where(
        &self,
        mut show: impl FnMut(&[char], &[char]) -> bool,
    ) -> Result<alloc::borrow::Cow<'a, str>, crate::Error> {
        use alloc::borrow::Cow;
        use idna::uts46::{AsciiDenyList, Hyphens, Uts46};
        let Some(name) = self.reg_name() else {
            return Ok(Cow::Borrowed(self.text));
        };
        let bytes = name.decode();
        let text = by_pieces(&bytes, |piece| {
            let (text, result) = Uts46::new().to_user_interface(
                piece,
                AsciiDenyList::URL,
                Hyphens::Allow,
                |label, tld, _| show(label, tld),
            );
            result.map(|()| text.into_owned()).map_err(|_| ())
        })
        .map_err(|_| idna_error(&bytes))?;
        emptied(&bytes, &text)?;
        if text == self.text {
            return Ok(Cow::Borrowed(self.text));
        }
        Ok(Cow::Owned(
            crate::pct::encode_iri(&text, crate::pct::Component::Host).into_owned(),
        ))
    }
}

/// A decoded host name in its ASCII form (UTS #46 ToASCII, nontransitional,
/// with the URL Standard's forbidden host code points refused), whatever
/// a reg-name cannot hold percent-encoded: [`Host::to_ascii`] and
/// `UriRefBuf::set_host_idna`.
#[cfg(feature = "idna")]
pub(crate) fn name_to_ascii(bytes: &[u8]) -> Result<alloc::string::String, crate::Error> {
    use idna::uts46::{AsciiDenyList, DnsLength, Hyphens, Uts46};
    let ascii = by_pieces(bytes, |piece| {
        Uts46::new()
            .to_ascii(piece, AsciiDenyList::URL, Hyphens::Allow, DnsLength::Ignore)
            .map(alloc::borrow::Cow::into_owned)
            .map_err(|_| ())
    })
    .map_err(|_| idna_error(bytes))?;
    emptied(bytes, &ascii)?;
    Ok(
        match crate::pct::encode(&ascii, crate::pct::Component::Host) {
            alloc::borrow::Cow::Borrowed(_) => ascii,
            alloc::borrow::Cow::Owned(o) => o,
        },
    )
}

/// A host name is put through UTS #46 whole up to this length; a longer
/// one (no DNS name is: RFC 1035 stops at 255 bytes) in pieces of whole
/// labels of about this length, so that the `idna` crate's working copies
/// (about fourteen times the name) stay small. The pieces meet at ASCII
/// `.`, which no mapping or composition crosses, so each label is mapped
/// and checked as in the whole; where the name holds a right-to-left
/// character anywhere (the Bidi Rule of RFC 5893 then holds for every
/// label), each piece is read after a right-to-left label (`\u{5D0}.`)
/// whose result is dropped. The display rule of
/// [`Host::to_unicode_display`] sees each piece's last label as the
/// top-level one.
#[cfg(feature = "idna")]
const PIECE: usize = 1 << 16;

/// `f` (UTS #46 on a name) on `bytes`, whole or in pieces (see [`PIECE`]).
#[cfg(feature = "idna")]
fn by_pieces(
    bytes: &[u8],
    mut f: impl FnMut(&[u8]) -> Result<alloc::string::String, ()>,
) -> Result<alloc::string::String, ()> {
    if bytes.len() <= PIECE {
        return f(bytes);
    }
    // Hebrew, Arabic, Syriac, Thaana, N'Ko and the other right-to-left
    // blocks, by their UTF-8 lead bytes: D6 to DF (U+0580 to U+07FF), E0 A0
    // to E0 A3 (U+0800 to U+08FF), EF AC to EF BB (U+FB00 to U+FEFF), F0 90
    // A0 to F0 90 BF (U+10800 to U+10FFF), F0 9E (U+1E000 to U+1EFFF).
    let rtl = bytes.windows(3).any(|w| {
        matches!(
            w,
            [0xD6..=0xDF, _, _]
                | [0xE0, 0xA0..=0xA3, _]
                | [0xEF, 0xAC..=0xBB, _]
                | [0xF0, 0x90, 0xA0..=0xBF]
                | [0xF0, 0x9E, _]
        )
    });
    let mut out = alloc::string::String::with_capacity(bytes.len());
    let mut piece = alloc::vec::Vec::new();
    let mut rest = bytes;
    loop {
        // Up to the last '.' within PIECE, or the first after it.
        let cut = if rest.len() <= PIECE {
            rest.len()
        } else {
            match memchr::memrchr(b'.', &rest[..PIECE]) {
                Some(dot) => dot,
                None => memchr::memchr(b'.', rest).unwrap_or(rest.len()),
            }
        };
        piece.clear();
        if rtl {
            piece.extend_from_slice("\u{5D0}.".as_bytes());
        }
        piece.extend_from_slice(&rest[..cut]);
        let mapped = f(&piece)?;
        let mapped = if rtl {
            mapped.split_once('.').map_or("", |(_, m)| m)
        } else {
            &mapped
        };
        out.push_str(mapped);
        if cut == rest.len() {
            return Ok(out);
        }
        out.push('.');
        rest = &rest[cut + 1..];
        if rest.is_empty() {
            return Ok(out);
        }
    }
}

/// Whether UTS #46 emptied the name `input` (decoded) or one of its
/// labels in mapping it to `mapped`: more empty labels after than before
/// (`a..b` stays as it was written; `\u{AD}` and `a.\u{200B}.b` do not).
#[cfg(feature = "idna")]
fn emptied(input: &[u8], mapped: &str) -> Result<(), crate::Error> {
    // The full stops UTS #46 maps to `.` (section 4, step 1).
    let stops = ['.', '\u{3002}', '\u{FF0E}', '\u{FF61}'];
    let before = alloc::string::String::from_utf8_lossy(input)
        .split(stops)
        .filter(|l| l.is_empty())
        .count();
    let after = mapped.split('.').filter(|l| l.is_empty()).count();
    if (mapped.is_empty() && !input.is_empty()) || after > before {
        return Err(crate::Error::new(crate::ErrorKind::EmptyLabel, 0));
    }
    Ok(())
}

/// The error for a decoded reg-name UTS #46 refuses.
#[cfg(feature = "idna")]
fn idna_error(bytes: &[u8]) -> crate::Error {
    let kind = match core::str::from_utf8(bytes) {
        Ok(_) => crate::ErrorKind::InvalidIdna,
        Err(_) => crate::ErrorKind::InvalidUtf8,
    };
    crate::Error::new(kind, 0)
}

impl fmt::Display for Host<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.text)
    }
}

impl fmt::Debug for Host<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Host")
            .field("text", &self.text)
            .field("type", &self.host_type())
            .finish()
    }
}

#[cfg(all(test, feature = "idna"))]
mod tests {
    use super::*;
    use alloc::string::String;
    use alloc::vec::Vec;
    use idna::uts46::{AsciiDenyList, DnsLength, Hyphens, Uts46};

    fn whole(bytes: &[u8]) -> Result<String, ()> {
        Uts46::new()
            .to_ascii(bytes, AsciiDenyList::URL, Hyphens::Allow, DnsLength::Ignore)
            .map(|c| c.into_owned())
            .map_err(|_| ())
    }

    /// A name longer than a piece maps as it does whole: labels beyond
    /// ASCII, `xn--` labels, labels that fail, a label longer than a
    /// piece, empty labels at the cuts, a final dot, and right-to-left
    /// labels (under which the Bidi Rule refuses `1a`, RFC 5893 rule 1).
    #[test]
    fn long_names_map_in_pieces_as_they_do_whole() {
        let label = |i: usize| -> String {
            match i % 7 {
                0 => "b\u{fc}cher".into(),
                1 => "xn--mnchen-3ya".into(),
                2 => "EXAMPLE".into(),
                3 => "a\u{3002}b".into(),
                4 => "".into(),
                5 => "x".repeat(40),
                _ => "stra\u{df}e".into(),
            }
        };
        let mut cases: Vec<String> = Vec::new();
        let many: Vec<String> = (0..12_000).map(label).collect();
        cases.push(many.join("."));
        cases.push(alloc::format!("{}.", many.join(".")));
        cases.push(alloc::format!("{}.com", "y".repeat(3 * PIECE)));
        let rtl: Vec<String> = (0..40_000)
            .map(|i| {
                if i == 35_000 {
                    "\u{5d0}\u{5d1}".into()
                } else {
                    "1a".into()
                }
            })
            .collect();
        cases.push(rtl.join("."));
        let rtl_ok: Vec<String> = (0..40_000)
            .map(|i| {
                if i == 35_000 {
                    "\u{5d0}\u{5d1}".into()
                } else {
                    "ab".into()
                }
            })
            .collect();
        cases.push(rtl_ok.join("."));
        cases.push(alloc::format!("{}.xn--a-ecp", many.join(".")));
        for case in &cases {
            assert!(case.len() > PIECE);
            let got = by_pieces(case.as_bytes(), whole);
            assert_eq!(got, whole(case.as_bytes()), "{}", &case[..40]);
        }
    }
}
