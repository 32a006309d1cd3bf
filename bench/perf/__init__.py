"""Performance measurements of docs/PERFORMANCE.md; ``bench/run_all`` runs them all."""
