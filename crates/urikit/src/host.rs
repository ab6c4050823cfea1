//! The host view (RFC 3986 section 3.2.2): `IP-literal / IPv4address /
//! reg-name`, as written, with its type and its address decoded when asked
//! for (the parsing is `parse::ip`'s).
//!
//! May use: `parse`, `pct`.

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

    /// The IPv6 address, if the host is one.
    ///
    /// ```
    /// let h = urikit::UriRef::parse("//[1::]").unwrap().host().unwrap();
    /// assert_eq!(h.ipv6(), Some(std::net::Ipv6Addr::new(1, 0, 0, 0, 0, 0, 0, 0)));
    /// ```
    pub fn ipv6(&self) -> Option<Ipv6Addr> {
        match self.meta {
            HostType::Ipv6 => parse_ipv6(self.text.as_bytes(), 1)
                .ok()
                .map(|(_, p)| Ipv6Addr::from(p)),
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
