//! Validation errors, named as the URL Standard names them (section 1.2,
//! "Validation", its table of error types), each with the byte offset in
//! the input where the parser met it.
//!
//! May use: nothing.

use core::fmt;

macro_rules! kinds {
    ($($(#[$doc:meta])* $name:ident => $code:literal, $sentence:literal;)*) => {
        /// A validation error of the URL Standard (section 1.2). Most do not
        /// stop the parser: they say what it repaired. A parse that fails
        /// fails with one of them.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        #[non_exhaustive]
        pub enum ValidationErrorKind {
            $($(#[$doc])* $name,)*
        }

        impl ValidationErrorKind {
            /// Every kind, in the order of the standard's table.
            pub const ALL: &'static [ValidationErrorKind] = &[$(ValidationErrorKind::$name,)*];

            /// The standard's name for it, spelled as the standard spells it.
            ///
            /// ```
            /// use urikit::whatwg::ValidationErrorKind;
            /// assert_eq!(ValidationErrorKind::InvalidUrlUnit.code(), "invalid-URL-unit");
            /// ```
            pub const fn code(self) -> &'static str {
                match self { $(ValidationErrorKind::$name => $code,)* }
            }

            /// A sentence that says what was met.
            ///
            /// ```
            /// use urikit::whatwg::ValidationErrorKind;
            /// assert!(ValidationErrorKind::PortOutOfRange.sentence().contains("65535"));
            /// ```
            pub const fn sentence(self) -> &'static str {
                match self { $(ValidationErrorKind::$name => $sentence,)* }
            }

            /// The kind whose [`code`](Self::code) is `code`.
            ///
            /// ```
            /// use urikit::whatwg::ValidationErrorKind;
            /// assert_eq!(ValidationErrorKind::from_code("port-invalid"), Some(ValidationErrorKind::PortInvalid));
            /// ```
            pub fn from_code(code: &str) -> Option<ValidationErrorKind> {
                Self::ALL.iter().copied().find(|k| k.code() == code)
            }
        }
    };
}

kinds! {
    /// UTS #46 ToASCII, with the strict flags, records an error.
    DomainToAscii => "domain-to-ASCII", "the host is not a valid domain name by UTS #46 with its strict flags (hyphens, STD3 characters, DNS lengths)";
    /// A host read as a domain holds a percent-encoded byte.
    DomainPercentEncoded => "domain-percent-encoded", "the host holds a percent-encoded byte, which is decoded";
    /// An opaque host holds a forbidden host code point.
    HostInvalidCodePoint => "host-invalid-code-point", "the host holds a code point that no host may hold (space, #, /, :, <, >, ?, @, [, \\, ], ^, |, or a control)";
    /// An IPv4 address ends with a dot.
    Ipv4EmptyPart => "IPv4-empty-part", "the IPv4 address ends with a dot";
    /// An IPv4 address has fewer than four parts.
    Ipv4TooFewParts => "IPv4-too-few-parts", "the IPv4 address has fewer than four parts";
    /// An IPv4 address has more than four parts.
    Ipv4TooManyParts => "IPv4-too-many-parts", "the IPv4 address has more than four parts";
    /// A part of an IPv4 address is not a number.
    Ipv4NonNumericPart => "IPv4-non-numeric-part", "a part of the IPv4 address is not a number";
    /// A part of an IPv4 address is written in hex or octal.
    Ipv4NonDecimalPart => "IPv4-non-decimal-part", "a part of the IPv4 address is written in hexadecimal or octal";
    /// A part of an IPv4 address is beyond 255.
    Ipv4OutOfRangePart => "IPv4-out-of-range-part", "a part of the IPv4 address is greater than 255";
    /// An IPv6 address has no closing `]`.
    Ipv6Unclosed => "IPv6-unclosed", "the IPv6 address has no closing ']'";
    /// An IPv6 address begins with a lone `:`.
    Ipv6InvalidCompression => "IPv6-invalid-compression", "the IPv6 address begins with a single ':'";
    /// An IPv6 address has more than eight pieces.
    Ipv6TooManyPieces => "IPv6-too-many-pieces", "the IPv6 address has more than eight pieces";
    /// An IPv6 address has `::` twice.
    Ipv6MultipleCompression => "IPv6-multiple-compression", "the IPv6 address has '::' more than once";
    /// An IPv6 address holds a code point it may not.
    Ipv6InvalidCodePoint => "IPv6-invalid-code-point", "the IPv6 address holds a character it may not, or ends with ':'";
    /// An IPv6 address without `::` has fewer than eight pieces.
    Ipv6TooFewPieces => "IPv6-too-few-pieces", "the IPv6 address has fewer than eight pieces and no '::'";
    /// A piece of an IPv6 address has a leading zero.
    Ipv6PieceLeadingZero => "IPv6-piece-leading-zero", "a piece of the IPv6 address has a leading zero";
    /// An IPv6 address with an IPv4 address in it has more than six pieces before it.
    Ipv4InIpv6TooManyPieces => "IPv4-in-IPv6-too-many-pieces", "the IPv6 address has more than six pieces before its IPv4 part";
    /// The IPv4 part of an IPv6 address holds a code point it may not.
    Ipv4InIpv6InvalidCodePoint => "IPv4-in-IPv6-invalid-code-point", "the IPv4 part of the IPv6 address is not four decimal numbers joined by dots";
    /// A part of the IPv4 part of an IPv6 address is beyond 255.
    Ipv4InIpv6OutOfRangePart => "IPv4-in-IPv6-out-of-range-part", "a part of the IPv4 part of the IPv6 address is greater than 255";
    /// The IPv4 part of an IPv6 address has fewer than four parts.
    Ipv4InIpv6TooFewParts => "IPv4-in-IPv6-too-few-parts", "the IPv4 part of the IPv6 address has fewer than four parts";
    /// A code point that is not a URL code point, or a `%` that two hex digits do not follow.
    InvalidUrlUnit => "invalid-URL-unit", "a character a URL may not hold, a '%' that two hex digits do not follow, or a tab, newline or leading or trailing space or control, which is removed or encoded";
    /// A special scheme without `//` after it.
    SpecialSchemeMissingFollowingSolidus => "special-scheme-missing-following-solidus", "the scheme is special and '//' does not follow it";
    /// A relative reference without a base, or against a base with an opaque path.
    MissingSchemeNonRelativeUrl => "missing-scheme-non-relative-URL", "the input has no scheme and there is no base it can be resolved against";
    /// A `\` in a special URL, read as `/`.
    InvalidReverseSolidus => "invalid-reverse-solidus", "a '\\' in a special URL, which is read as '/'";
    /// Credentials in the URL.
    InvalidCredentials => "invalid-credentials", "the URL holds credentials (an '@' in the authority)";
    /// A special URL without a host, or credentials without one.
    HostMissing => "host-missing", "the URL has no host where it needs one";
    /// A port beyond 65535.
    PortOutOfRange => "port-out-of-range", "the port is greater than 65535";
    /// A port that is not a number.
    PortInvalid => "port-invalid", "the port holds a character that is not a digit";
    /// A Windows drive letter in a relative `file:` reference.
    FileInvalidWindowsDriveLetter => "file-invalid-Windows-drive-letter", "a Windows drive letter in a reference resolved against a file URL";
    /// A Windows drive letter where the host of a `file:` URL would be.
    FileInvalidWindowsDriveLetterHost => "file-invalid-Windows-drive-letter-host", "a Windows drive letter where the host of a file URL would be";
}

/// A validation error met at a byte offset of the input (of the text
/// given to the parser, before tabs and newlines are removed).
///
/// ```
/// use urikit::whatwg::Url;
/// let err = Url::parse("https://ex ample.org/").unwrap_err();
/// assert_eq!((err.code(), err.offset()), ("domain-to-ASCII", 8));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ValidationError {
    pub(crate) kind: ValidationErrorKind,
    pub(crate) offset: usize,
}

impl ValidationError {
    /// What was met.
    pub fn kind(&self) -> ValidationErrorKind {
        self.kind
    }

    /// The standard's name of the kind (`invalid-URL-unit`, ...).
    pub fn code(&self) -> &'static str {
        self.kind.code()
    }

    /// The byte offset in the input where it was met.
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// A sentence that says what was met.
    pub fn message(&self) -> &'static str {
        self.kind.sentence()
    }
}

impl fmt::Display for ValidationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} at byte {}: {}",
            self.code(),
            self.offset,
            self.message()
        )
    }
}

#[cfg(feature = "std")]
impl std::error::Error for ValidationError {}

/// Where the parser reports validation errors as it meets them.
#[derive(Debug, Default)]
pub(crate) struct Sink {
    pub(crate) errors: alloc::vec::Vec<ValidationError>,
}

impl Sink {
    /// Records `kind` at `offset`.
    #[inline]
    pub(crate) fn report(&mut self, kind: ValidationErrorKind, offset: usize) {
        self.errors.push(ValidationError { kind, offset });
    }

    /// Records `kind` at `offset` and gives it back, as the failure's error.
    #[inline]
    pub(crate) fn fail(&mut self, kind: ValidationErrorKind, offset: usize) -> ValidationError {
        self.report(kind, offset);
        ValidationError { kind, offset }
    }
}
