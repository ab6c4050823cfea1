"""Drop-in faces for the packages crawl pipelines call today, so that
switching to urikit is one import:

- ``urikit.compat.surt``: the ``surt`` package's ``surt.surt``.
"""
