"""Request body parsing: JSON, with nesting too deep for the decoder refused as bad JSON."""

from rest_framework import exceptions, parsers


class JSONParser(parsers.JSONParser):
    """DRF's JSON parser, but ``[[[[…]]]]`` nested past Python's recursion limit is a 400
    (``invalid_json``) instead of an uncaught RecursionError (a 500)."""

    def parse(self, stream, media_type=None, parser_context=None):
        try:
            return super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise exceptions.ParseError("JSON parse error - nested too deeply.") from None
