"""tldextract's face over urikit: ``import urikit.compat.tldextract as
tldextract`` where a program had ``import tldextract``. ``extract(url)``
gives the package's ``ExtractResult`` (``subdomain``, ``domain``,
``suffix``, ``is_private``, ``registry_suffix`` and its properties:
``fqdn``, ``ipv4``, ``ipv6``, ``registered_domain``,
``top_domain_under_public_suffix``, ``top_domain_under_registry_suffix``,
``reverse_domain_name``), computed in Rust.

The list is the one compiled into urikit (``urikit.PUBLIC_SUFFIX_LIST_VERSION``),
never fetched: no cache directory, no network, no ``update()``. A
``TLDExtract`` built with a list of its own (``suffix_list_urls``) or
extra suffixes raises ``ValueError``; to use another list, read it with
``urikit.SuffixList``. Answers differ from the package's where the lists
differ (its bundled snapshot is older than ours): the differential test
counts that class.

>>> import urikit.compat.tldextract as tldextract
>>> tldextract.extract("http://forums.news.cnn.com/")
ExtractResult(subdomain='forums.news', domain='cnn', suffix='com', is_private=False)
>>> tldextract.extract("http://forums.bbc.co.uk/").top_domain_under_public_suffix
'bbc.co.uk'
>>> tldextract.extract("127.0.0.1").ipv4
'127.0.0.1'
"""

from __future__ import annotations

import re
import urllib.parse
from dataclasses import dataclass, field
from ipaddress import AddressValueError, IPv6Address

from urikit import _urikit

__all__ = ["ExtractResult", "TLDExtract", "extract"]

_IP_RE = re.compile(
    r"^(?:(?:[0-9]|[1-9][0-9]|1[0-9]{2}|2[0-4][0-9]|25[0-5])\.)"
    r"{3}(?:[0-9]|[1-9][0-9]|1[0-9]{2}|2[0-4][0-9]|25[0-5])$",
    re.ASCII,
)


def _looks_like_ip(text: str) -> bool:
    return bool(text) and text[0].isdecimal() and _IP_RE.fullmatch(text) is not None


def _looks_like_ipv6(text: str) -> bool:
    try:
        IPv6Address(text)
    except AddressValueError:
        return False
    return True


@dataclass(order=True)
class ExtractResult:
    """A URL's subdomain, domain and suffix, as tldextract's
    ``ExtractResult`` holds them.

    >>> r = ExtractResult("www", "example", "co.uk", False)
    >>> r.fqdn, r.reverse_domain_name
    ('www.example.co.uk', 'co.uk.example.www')
    """

    subdomain: str
    domain: str
    suffix: str
    is_private: bool
    registry_suffix: str = field(default="", repr=False)

    @property
    def fqdn(self) -> str:
        """The subdomain, domain and suffix joined, where there is a suffix."""
        if self.suffix and (self.domain or self.is_private):
            return ".".join(i for i in (self.subdomain, self.domain, self.suffix) if i)
        return ""

    @property
    def ipv4(self) -> str:
        """The IPv4 address the host is, or ``''``."""
        if self.domain and not (self.suffix or self.subdomain) and _looks_like_ip(self.domain):
            return self.domain
        return ""

    @property
    def ipv6(self) -> str:
        """The IPv6 address the host is (without brackets), or ``''``."""
        d = self.domain
        if len(d) >= 4 and d[0] == "[" and d[-1] == "]" and not (self.suffix or self.subdomain):
            if _looks_like_ipv6(d[1:-1]):
                return d[1:-1]
        return ""

    @property
    def top_domain_under_public_suffix(self) -> str:
        """The domain and suffix joined, where both are set."""
        if self.suffix and self.domain:
            return f"{self.domain}.{self.suffix}"
        return ""

    @property
    def registered_domain(self) -> str:
        """The package's older name of ``top_domain_under_public_suffix``."""
        return self.top_domain_under_public_suffix

    @property
    def top_domain_under_registry_suffix(self) -> str:
        """The label before the registry suffix, and the registry suffix."""
        top = self.top_domain_under_public_suffix
        if not top or not self.is_private:
            return top
        n = self.registry_suffix.count(".") + 2
        return ".".join(top.split(".")[-n:])

    @property
    def reverse_domain_name(self) -> str:
        """The suffix, the domain, then the subdomain's labels reversed."""
        stack = [i for i in (self.suffix, self.domain) if i]
        if self.subdomain:
            stack.extend(reversed(self.subdomain.split(".")))
        return ".".join(stack)


class TLDExtract:
    """tldextract's ``TLDExtract`` over the list compiled in.

    >>> TLDExtract(include_psl_private_domains=True)("http://a.blogspot.com").suffix
    'blogspot.com'
    """

    def __init__(
        self,
        cache_dir: str | None = None,
        suffix_list_urls=(),
        fallback_to_snapshot: bool = True,
        include_psl_private_domains: bool = False,
        extra_suffixes=(),
        cache_fetch_timeout=None,
    ) -> None:
        if tuple(suffix_list_urls) or tuple(extra_suffixes):
            raise ValueError(
                "urikit.compat.tldextract uses the list compiled into urikit; read another "
                "list with urikit.SuffixList"
            )
        self.include_psl_private_domains = include_psl_private_domains

    def __call__(self, url: str, include_psl_private_domains: bool | None = None, session=None) -> ExtractResult:
        return self.extract_str(url, include_psl_private_domains)

    def extract_str(self, url: str, include_psl_private_domains: bool | None = None, session=None) -> ExtractResult:
        """The parts of a URL (or host) given as text."""
        private = self.include_psl_private_domains if include_psl_private_domains is None else include_psl_private_domains
        return ExtractResult(*_urikit.tldextract_parts(url, bool(private)))

    def extract_urllib(self, url: urllib.parse.ParseResult | urllib.parse.SplitResult, include_psl_private_domains: bool | None = None, session=None) -> ExtractResult:
        """The parts of a URL already split by ``urllib.parse``."""
        private = self.include_psl_private_domains if include_psl_private_domains is None else include_psl_private_domains
        return ExtractResult(*_urikit.tldextract_parts(url.netloc, bool(private), True))


def extract(url: str, include_psl_private_domains: bool | None = False, session=None) -> ExtractResult:
    """``tldextract.extract``: the parts of ``url`` by the list compiled in.

    >>> extract("http://waiterrant.blogspot.com", include_psl_private_domains=True).is_private
    True
    """
    return ExtractResult(*_urikit.tldextract_parts(url, bool(include_psl_private_domains)))
