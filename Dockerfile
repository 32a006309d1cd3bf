FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1
WORKDIR /app
# The exact runtime pins first (this layer changes only with the lock), then the code: the
# service runs from /app as a Django project, it is not installed as a package.
COPY requirements/base.txt requirements/base.txt
RUN pip install --no-cache-dir --require-hashes -r requirements/base.txt
COPY . .
EXPOSE 8000
# exec: the server is PID 1 and gets SIGTERM itself (it drains requests in flight).
CMD ["sh", "-c", "python manage.py migrate --noinput && exec python -m halfmoon_service.serve -b 0.0.0.0 -p 8000"]
