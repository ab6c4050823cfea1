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

/// The Public Suffix List's reading of a host name.
#[cfg(feature = "psl")]
impl<'a> Host<'a> {
    /// The public suffix of a reg-name by the Public Suffix List (its ICANN
    /// and private sections, as the `psl` crate compiles them), as written:
    /// the labels under which names are registered, such as `co.uk` of
    /// `www.example.co.uk`. A name no rule matches has its last label as
    /// suffix (the list's default rule `*`). `None` for an IP address, an
    /// empty host, or a name longer than a DNS name (253 octets, a final
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
        self.by_suffix_list(|name| {
            psl::Psl::suffix(&psl::List, name).map(|s| s.trim().as_bytes().len())
        })
    }

    /// The registrable domain of a reg-name by the Public Suffix List: its
    /// public suffix and one label more, as written (`example.co.uk` of
    /// `www.example.co.uk`). `None` where [`public_suffix`](Self::public_suffix)
    /// is, and for a name that is itself a public suffix.
    ///
    /// ```
    /// use urikit::UriRef;
    /// let host = |s| UriRef::parse(s).unwrap().host().unwrap();
    /// assert_eq!(host("http://www.Example.co.uk./").registrable_domain(), Some("Example.co.uk"));
    /// assert_eq!(host("http://co.uk/").registrable_domain(), None);
    /// assert_eq!(host("http://[::1]/").registrable_domain(), None);
    /// ```
    pub fn registrable_domain(&self) -> Option<&'a str> {
        self.by_suffix_list(|name| {
            psl::Psl::domain(&psl::List, name).map(|d| d.trim().as_bytes().len())
        })
    }

    /// The tail of the reg-name whose length `tail` finds in the name
    /// lowercased, without the final dot.
    fn by_suffix_list(&self, tail: impl Fn(&[u8]) -> Option<usize>) -> Option<&'a str> {
        const MAX: usize = 254;
        let name = self.reg_name()?.as_str();
        let trimmed = name.strip_suffix('.').unwrap_or(name);
        if trimmed.is_empty() || name.len() > MAX {
            return None;
        }
        let mut lower = [0u8; MAX];
        let lower = &mut lower[..name.len()];
        lower.copy_from_slice(name.as_bytes());
        lower.make_ascii_lowercase();
        let len = tail(lower)?;
        trimmed.get(trimmed.len().checked_sub(len)?..)
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
        use idna::uts46::{AsciiDenyList, DnsLength, Hyphens, Uts46};
        let Some(name) = self.reg_name() else {
            return Ok(Cow::Borrowed(self.text));
        };
        let bytes = name.decode();
        let ascii = Uts46::new()
            .to_ascii(
                &bytes,
                AsciiDenyList::URL,
                Hyphens::Allow,
                DnsLength::Ignore,
            )
            .map_err(|_| idna_error(&bytes))?;
        if ascii == self.text {
            return Ok(Cow::Borrowed(self.text));
        }
        Ok(Cow::Owned(
            crate::pct::encode(&ascii, crate::pct::Component::Host).into_owned(),
        ))
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
        self.unicode_where(|_| true)
    }

    /// The host as it is safe to show a person: like
    /// [`to_unicode`](Self::to_unicode) (UTS #46 `to_user_interface`), but
    /// a label is shown in Unicode only when its characters are allowed
    /// identifiers of UTS #39 and it is *highly restrictive* (UTS #39
    /// section 5.2: one script, or Latin with Han and the Japanese or
    /// Korean scripts), else it stays `xn--`. A name UTS #46 refuses, or a
    /// name without `xn--` labels, is returned as written.
    ///
    /// ```
    /// let u = urikit::UriRef::parse("http://xn--bcher-kva.example/")?;
    /// assert_eq!(u.host().unwrap().to_unicode_display(), "bücher.example");
    /// // "аpple" with a Cyrillic "а" mixes scripts: kept as Punycode.
    /// let u = urikit::UriRef::parse("http://xn--pple-43d.com/")?;
    /// assert_eq!(u.host().unwrap().to_unicode_display(), "xn--pple-43d.com");
    /// # Ok::<(), urikit::Error>(())
    /// ```
    pub fn to_unicode_display(&self) -> alloc::borrow::Cow<'a, str> {
        use alloc::borrow::Cow;
        use unicode_security::{RestrictionLevel, RestrictionLevelDetection};
        let punycode = self
            .text
            .split('.')
            .any(|l| l.get(..4).is_some_and(|p| p.eq_ignore_ascii_case("xn--")));
        if self.reg_name().is_none() || !punycode {
            return Cow::Borrowed(self.text);
        }
        self.unicode_where(|label| {
            let label: alloc::string::String = label.iter().collect();
            label.as_str().detect_restriction_level() <= RestrictionLevel::HighlyRestrictive
        })
        .unwrap_or(Cow::Borrowed(self.text))
    }

    /// UTS #46 ToUnicode, with the labels for which `show` is false left
    /// in Punycode.
    fn unicode_where(
        &self,
        mut show: impl FnMut(&[char]) -> bool,
    ) -> Result<alloc::borrow::Cow<'a, str>, crate::Error> {
        use alloc::borrow::Cow;
        use idna::uts46::{AsciiDenyList, Hyphens, Uts46};
        let Some(name) = self.reg_name() else {
            return Ok(Cow::Borrowed(self.text));
        };
        let bytes = name.decode();
        let (text, result) = Uts46::new().to_user_interface(
            &bytes,
            AsciiDenyList::URL,
            Hyphens::Allow,
            |label, _, _| show(label),
        );
        result.map_err(|_| idna_error(&bytes))?;
        if text == self.text {
            return Ok(Cow::Borrowed(self.text));
        }
        Ok(Cow::Owned(
            crate::pct::encode_iri(&text, crate::pct::Component::Host).into_owned(),
        ))
    }
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
