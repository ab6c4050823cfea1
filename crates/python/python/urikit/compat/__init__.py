"""Drop-in faces for the packages crawl pipelines call today, so that
switching to urikit is one import:

- ``urikit.compat.surt``: the ``surt`` package's ``surt.surt``;
- ``urikit.compat.w3lib.url``: w3lib's ``canonicalize_url``;
- ``urikit.compat.tldextract``: tldextract's ``extract`` and ``TLDExtract``.
"""
