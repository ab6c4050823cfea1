"""w3lib's face over urikit: ``urikit.compat.w3lib.url`` has
``canonicalize_url``, the function Scrapy's duplicate filter and request
fingerprints call."""
