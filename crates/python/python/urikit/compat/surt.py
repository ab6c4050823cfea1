"""The ``surt`` package's face over urikit: ``import urikit.compat.surt as
surt`` (or ``from urikit.compat.surt import surt``) where a program had
``import surt``, and its keys are the same (the differential test checks
every line of the datasets against the package).

``surt(url, canonicalizer=None, **options)`` takes ``str`` (and gives
``str``) or ``bytes`` (and gives ``bytes``), as the package does; the
options are the package's keyword arguments. Two things differ, on
purpose:

- ``canonicalizer`` is ``None`` or a name (``'default'``, ``'google'``,
  ``'ia'``, ``'identity'``, and webarchive-commons' ``'ordinary'`` and
  ``'aggressive'``): a function of one's own is not run (urikit's
  canonicalization is in Rust); the package's own canonicalizers are
  these names.
- An option the package does not know raises ``ValueError``; the package
  ignores it, so a misspelled option there changes nothing, silently.

A port that is not a number raises ``urikit.ParseError``, a
``ValueError`` as the package's error is.

>>> import urikit.compat.surt as surt
>>> surt.surt("http://archive.org/goo/?a=2&b&a=1")
'org,archive)/goo?a=1&a=2&b'
>>> surt.surt("http://www.example.com/", with_scheme=True, host_massage=False)
'http://(com,example,www)/'
"""

from urikit._urikit import surt

__all__ = ["surt"]
