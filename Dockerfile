FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1
WORKDIR /app
COPY pyproject.toml README.md ./
COPY halfmoon_service ./halfmoon_service
COPY games ./games
COPY api ./api
COPY locale ./locale
COPY manage.py ./
COPY deploy ./deploy
COPY web ./web
COPY templates ./templates
RUN pip install --no-cache-dir .
EXPOSE 8000
# exec: the server is PID 1 and gets SIGTERM itself (it drains requests in flight).
CMD ["sh", "-c", "python manage.py migrate --noinput && exec python -m halfmoon_service.serve -b 0.0.0.0 -p 8000"]
