FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1
WORKDIR /app
# The exact runtime pins first (this layer changes only with the lock), then the code: the
# service runs from /app as a Django project, it is not installed as a package.
COPY requirements/base.txt requirements/base.txt
RUN pip install --no-cache-dir --require-hashes -r requirements/base.txt
COPY . .
# The static files collected under hashed names, each with its Brotli and gzip copies, served by
# WhiteNoise with a year's caching (docs/PERFORMANCE.md, "First load"). The web client's bundle
# (web/static/web/dist/) is committed, built by `make web`: the image needs no Node.js.
ENV HALFMOON_STATIC_COLLECTED=true
RUN python manage.py collectstatic --noinput -v 0
EXPOSE 8000
# The server is PID 1 and gets SIGTERM itself (it drains requests in flight). It does not
# migrate: migrations run once per deployment (`python manage.py migrate --noinput`, compose's
# one-shot "migrate" service), never at every replica's start (docs/OPERATIONS.md, "Upgrade").
CMD ["python", "-m", "halfmoon_service.serve", "-b", "0.0.0.0", "-p", "8000"]
