//! Canonical URLs by the rules of the tools of the crawl and web-archive
//! field, each under a profile name: the names that `uri canonical
//! --profile`, Python's `urikit.canonical(profile=)` and the
//! `uri_canonical` column function take, in one list.
//!
//! ```
//! use urikit::canonical::Profile;
//!
//! let p = Profile::from_name("ia").unwrap();
//! assert_eq!(p.canonicalize("http://www.archive.org/goo/?b&a").unwrap(), "http://archive.org/goo?a&b");
//! let p = Profile::from_name("safebrowsing").unwrap();
//! assert_eq!(p.canonicalize("http://www.GOOgle.com.../").unwrap(), "http://www.google.com/");
//! ```
//!
//! May use: `error`, `surt`, `safebrowsing`, `w3lib`.

use alloc::string::String;

use crate::error::Error;
#[cfg(feature = "surt")]
use crate::surt::{self, Canonicalizer};

/// A canonical-URL profile.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Profile {
    /// The Internet Archive's canonical URLs by one of webarchive-commons'
    /// canonicalizers, as the `surt` package computes them: `ia`
    /// ([`Canonicalizer::Default`], Google's steps then the Archive's, the
    /// URL before its SURT key), `ia-basic` (Google's steps alone,
    /// `BasicURLCanonicalizer`), `ia-ordinary` and `ia-aggressive`.
    #[cfg(feature = "surt")]
    Ia(Canonicalizer),
    /// Google Safe Browsing's canonical URL (`safebrowsing`), with its
    /// query ([`crate::safebrowsing::Url`]).
    #[cfg(feature = "safebrowsing")]
    SafeBrowsing,
    /// Scrapy's canonical URL (`w3lib`), as w3lib's `canonicalize_url`
    /// writes it with its defaults ([`crate::w3lib::canonicalize_url`]).
    #[cfg(feature = "w3lib")]
    W3lib,
}

impl Profile {
    /// Every profile, in the order of [`Profile::names`].
    ///
    /// ```
    /// assert_eq!(urikit::canonical::Profile::ALL[0].name(), "ia");
    /// ```
    pub const ALL: &'static [Profile] = &[
        #[cfg(feature = "surt")]
        Profile::Ia(Canonicalizer::Default),
        #[cfg(feature = "surt")]
        Profile::Ia(Canonicalizer::Google),
        #[cfg(feature = "surt")]
        Profile::Ia(Canonicalizer::Ordinary),
        #[cfg(feature = "surt")]
        Profile::Ia(Canonicalizer::Aggressive),
        #[cfg(feature = "safebrowsing")]
        Profile::SafeBrowsing,
        #[cfg(feature = "w3lib")]
        Profile::W3lib,
    ];

    /// The profile's name.
    ///
    /// ```
    /// use urikit::{canonical::Profile, surt::Canonicalizer};
    /// assert_eq!(Profile::Ia(Canonicalizer::Google).name(), "ia-basic");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            #[cfg(feature = "surt")]
            Profile::Ia(c) => match c {
                Canonicalizer::Google => "ia-basic",
                Canonicalizer::Ordinary => "ia-ordinary",
                Canonicalizer::Aggressive => "ia-aggressive",
                // The package's other canonicalizers are not profiles of
                // their own; `ia` is its default.
                Canonicalizer::Default | Canonicalizer::Ia | Canonicalizer::Identity => "ia",
            },
            #[cfg(feature = "safebrowsing")]
            Profile::SafeBrowsing => "safebrowsing",
            #[cfg(feature = "w3lib")]
            Profile::W3lib => "w3lib",
        }
    }

    /// The profile of a name, or `None`.
    ///
    /// ```
    /// use urikit::canonical::Profile;
    /// assert_eq!(Profile::from_name("safebrowsing"), Some(Profile::SafeBrowsing));
    /// assert_eq!(Profile::from_name("IA"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<Profile> {
        Profile::ALL.iter().copied().find(|p| p.name() == name)
    }

    /// The names of every profile, comma-separated, for a message that
    /// lists them.
    ///
    /// ```
    /// assert!(urikit::canonical::Profile::names().starts_with("ia, ia-basic"));
    /// ```
    pub fn names() -> String {
        let mut s = String::new();
        for p in Profile::ALL {
            if !s.is_empty() {
                s.push_str(", ");
            }
            s.push_str(p.name());
        }
        s
    }

    /// The canonical URL of `url` by this profile.
    ///
    /// ```
    /// let p = urikit::canonical::Profile::from_name("ia-basic").unwrap();
    /// assert_eq!(p.canonicalize("http://www.Example.com/%2541").unwrap(), "http://www.example.com/A");
    /// ```
    ///
    /// # Errors
    ///
    /// The profile's: [`crate::surt::canonicalize`]'s or
    /// [`crate::safebrowsing::Url::parse`]'s or
    /// [`crate::w3lib::canonicalize_url`]'s.
    pub fn canonicalize(self, url: &str) -> Result<String, Error> {
        match self {
            #[cfg(feature = "surt")]
            Profile::Ia(c) => surt::canonicalize(
                url,
                &surt::Options {
                    canonicalizer: c,
                    ..surt::Options::default()
                },
            ),
            #[cfg(feature = "safebrowsing")]
            Profile::SafeBrowsing => crate::safebrowsing::canonicalize(url),
            #[cfg(feature = "w3lib")]
            Profile::W3lib => crate::w3lib::canonicalize_url(url, &crate::w3lib::Options::DEFAULT),
        }
    }

    /// [`canonicalize`](Self::canonicalize) appended to `out` (left as it
    /// was on an error): the `w3lib` profile writes into it straight, so
    /// that a caller with many URLs reuses one buffer.
    ///
    /// ```
    /// let p = urikit::canonical::Profile::from_name("w3lib").unwrap();
    /// let mut out = String::new();
    /// p.canonicalize_into("http://A.com/?b&a", &mut out).unwrap();
    /// assert_eq!(out, "http://a.com/?a=&b=");
    /// ```
    ///
    /// # Errors
    ///
    /// As [`canonicalize`](Self::canonicalize).
    pub fn canonicalize_into(self, url: &str, out: &mut String) -> Result<(), Error> {
        match self {
            #[cfg(feature = "w3lib")]
            Profile::W3lib => {
                crate::w3lib::canonicalize_url_into(url, &crate::w3lib::Options::DEFAULT, out)
            }
            // The other profiles make their own text; it is appended.
            #[cfg(any(feature = "surt", feature = "safebrowsing"))]
            _ => {
                out.push_str(&self.canonicalize(url)?);
                Ok(())
            }
        }
    }
}
