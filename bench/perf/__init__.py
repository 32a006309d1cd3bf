"""Performance measurements of issue 7; ``bench/run_all`` runs them all (docs/PERFORMANCE.md)."""
