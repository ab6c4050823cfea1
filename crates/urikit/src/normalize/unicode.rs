//! The Unicode steps of normalization (RFC 3987 section 5.3): Normalization
//! Form C of an IRI's text (5.3.2.2), and the host of a scheme that uses the
//! DNS mapped by UTS #46 (5.3.3), before the other steps apply.
//!
//! May use: `host`, `registry`, `uri`, `buf`, and the normalizer.

#[cfg(feature = "nfc")]
use alloc::string::String;

use super::Normalizer;
use crate::uri::UriRef;
#[cfg(feature = "idna")]
use crate::Dialect;
use crate::UriRefBuf;

impl Normalizer {
    /// The reference with the Unicode steps (`nfc`, then `idna_hosts`)
    /// applied, when they change it; the other steps then apply to it.
    #[cold]
    #[inline(never)]
    pub(super) fn unicode_steps(&self, u: UriRef<'_>) -> Option<UriRefBuf> {
        #[cfg_attr(not(any(feature = "nfc", feature = "idna")), allow(unused_variables))]
        let parser = crate::Parser::new(u.dialect()).zone_ids(u.meta().zoned(u.as_str()));
        // The text after each step that changed it, read once.
        #[allow(unused_mut)]
        let mut changed: Option<UriRefBuf> = None;
        #[cfg(feature = "nfc")]
        if self.nfc && !u.as_str().is_ascii() {
            use unicode_normalization::{is_nfc_quick, IsNormalized, UnicodeNormalization};
            if is_nfc_quick(u.as_str().chars()) != IsNormalized::Yes {
                crate::work::add(u.as_str().len());
                let composed: String = u.as_str().nfc().collect();
                if composed != u.as_str() {
                    changed = UriRefBuf::parse_by(&parser, composed).ok();
                }
            }
        }
        #[cfg(feature = "idna")]
        if self.idna_hosts {
            let v = changed.as_ref().map_or(u, UriRefBuf::as_uri_ref);
            let mapped = match (v.host(), v.meta().auth) {
                (Some(h), Some(a)) if v.scheme().is_some_and(crate::registry::uses_dns) => {
                    let m = if v.dialect() == Dialect::Rfc3987 {
                        h.to_unicode()
                    } else {
                        h.to_ascii()
                    };
                    m.ok()
                        .filter(|m| m != h.as_str())
                        .map(|m| crate::host::splice(v.as_str(), a.host_start, a.host_end, &m))
                }
                _ => None,
            };
            if let Some(b) = mapped.and_then(|text| UriRefBuf::parse_by(&parser, text).ok()) {
                changed = Some(b);
            }
        }
        changed
    }

    /// [`normalize`](Self::normalize) with a Unicode step on: the steps
    /// beyond ASCII, then the others.
    #[cold]
    #[inline(never)]
    pub(super) fn normalize_unicode(&self, u: UriRef<'_>) -> UriRefBuf {
        let plain = self.ascii_steps();
        match self.unicode_steps(u) {
            Some(pre) => plain.normalize_ascii(pre.as_uri_ref()),
            None => plain.normalize_ascii(u),
        }
    }
}
