"""Delete the webhook deliveries delivered or given up on more than 30 days ago, with their
attempts (``games.webhooks.delivery.prune``); the ``prune_webhook_deliveries`` job does it
hourly."""

from django.core.management.base import BaseCommand

from games.webhooks import delivery


class Command(BaseCommand):
    help = "Delete webhook deliveries delivered or failed more than 30 days ago."

    def handle(self, *args, **options):
        deleted = delivery.prune()
        days = delivery.RETENTION.days
        self.stdout.write(f"Deleted {deleted} webhook delivery(ies) older than {days} days.")
