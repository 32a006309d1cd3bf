"""Post the due webhook deliveries once, until none is due (``games.webhooks.delivery``); the
``deliver_webhooks`` job does it every 5 seconds under ``run_jobs`` and the embedded default."""

from django.core.management.base import BaseCommand

from games.management.jobs import Scheduler, jobs_named


class Command(BaseCommand):
    help = "Post the due webhook deliveries (retries with back-off)."

    def handle(self, *args, **options):
        Scheduler(jobs_named(["deliver_webhooks"])).run_until_idle()
        self.stdout.write("Webhook deliveries posted.")
