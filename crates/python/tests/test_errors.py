"""Errors a person can act on, and inputs that must not crash, hang or
balloon."""

import re

import pytest

import urikit
from urikit import ParseError, URIRef


def test_parse_error_carries_code_offsets_input_and_a_caret():
    with pytest.raises(ParseError) as e:
        urikit.parse("http://ü.example/a b")
    err = e.value
    assert isinstance(err, ValueError)
    # "ü" is two bytes: the code-point offset is what Python indexes with.
    assert (err.code, err.offset, err.byte_offset) == ("invalid-char", 7, 7)
    with pytest.raises(ParseError) as e:
        urikit.parse("http://h/é b", dialect="rfc3987")
    err = e.value
    assert (err.offset, err.byte_offset) == (10, 11)
    assert err.input[err.offset] == " "
    assert err.input == "http://h/é b"
    lines = str(err).split("\n")
    assert lines[0].startswith("invalid-char at offset 10: ' ' (U+0020) is not allowed in a path")
    assert lines[1] == "  http://h/é b"
    assert lines[2] == "  " + " " * 10 + "^"


def test_every_code_is_kebab_case():
    for text in ["", "1a:b", "http://h:x/", "http://[::g]/", "a%G1", "//h:99999999999999999999/"]:
        try:
            urikit.parse(text)
        except ParseError as e:
            assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", e.code), e.code
            assert e.message and e.code in str(e)


def test_wrong_types_are_type_errors():
    for bad in [None, 42, 1.5, ["http://a/"], object()]:
        with pytest.raises(TypeError, match="must be str or bytes"):
            urikit.parse(bad)
        with pytest.raises(TypeError):
            urikit.is_valid(bad)
    with pytest.raises(TypeError):
        URIRef("http://h/") / 3


def test_bytes_that_are_not_utf8():
    with pytest.raises(ParseError) as e:
        urikit.parse(b"http://h/\xff")
    assert (e.value.code, e.value.offset, e.value.byte_offset) == ("invalid-utf8", 9, 9)
    assert not urikit.is_valid(b"http://h/\xff")
    assert urikit.parse(b"http://h/%FF").raw_path == "/%FF"


def test_lone_surrogates():
    with pytest.raises(ParseError) as e:
        urikit.parse("http://é/\ud800x")
    assert (e.value.code, e.value.offset, e.value.byte_offset) == ("invalid-char", 9, 10)
    assert "U+D800" in e.value.message
    assert not urikit.is_valid("\udcff")
    with pytest.raises(ParseError):
        urikit.encode("\ud800", "path")


def test_ten_megabytes():
    big = "http://h/" + "a" * 10_000_000
    u = urikit.parse(big)
    assert len(u.raw_path) == 10_000_001
    with pytest.raises(ParseError) as e:
        urikit.parse(big + " ")
    assert e.value.offset == len(big)
    # The caret line is a window, not the whole input.
    assert len(str(e.value)) < 400
    assert urikit.is_valid(big)
    assert len(urikit.extract(big)) == 1
    assert str(urikit.normalize(big)) == big


def test_control_characters_are_shown_escaped():
    with pytest.raises(ParseError) as e:
        urikit.parse("http://h/\x1b[31m\n")
    shown = str(e.value).split("\n", 1)[1]
    assert "\x1b" not in shown and "\\e[31m" in shown
    assert e.value.input == "http://h/\x1b[31m\n"  # exact
