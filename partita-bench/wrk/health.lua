-- GET /: the health answer, the HTTP stack's ceiling (no JSON, no engine)
wrk.method = "GET"
