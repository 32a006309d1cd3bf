"""``manage.py protocol_doc [--check]``: rewrite the generated parts of docs/PROTOCOL.md."""

from django.core.management.base import BaseCommand, CommandError

from halfmoon_service.protocol_doc import DOC, render


class Command(BaseCommand):
    help = "Regenerate the error codes, socket frames and close codes in docs/PROTOCOL.md."

    def add_arguments(self, parser):
        parser.add_argument(
            "--check",
            action="store_true",
            help="Fail if the file is not up to date instead of writing it.",
        )

    def handle(self, *args, check=False, **options):
        current = DOC.read_text(encoding="utf-8")
        wanted = render(current)
        if current == wanted:
            self.stdout.write("docs/PROTOCOL.md is up to date.")
        elif check:
            raise CommandError("docs/PROTOCOL.md is stale: run manage.py protocol_doc")
        else:
            DOC.write_text(wanted, encoding="utf-8")
            self.stdout.write("docs/PROTOCOL.md rewritten.")
