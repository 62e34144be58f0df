"""Operations shared by every wing: credentials, logs, metrics, readiness and start-up errors."""
