# One image per service, from the shaded jar the Maven build leaves in <module>/target:
#   ./mvnw -DskipTests package && docker compose build
# (docker-compose.yml passes MODULE for each service.)
FROM eclipse-temurin:17-jre
ARG MODULE
ARG VERSION=0.1.0-SNAPSHOT
RUN useradd --system --uid 10001 --home-dir /app quipu
WORKDIR /app
COPY ${MODULE}/target/${MODULE}-${VERSION}.jar /app/service.jar
# The container's memory limit sizes the heap; the serial collector suits one or two cores.
ENV JAVA_OPTS="-XX:MaxRAMPercentage=75 -XX:+UseSerialGC -XX:+ExitOnOutOfMemoryError"
USER quipu
ENTRYPOINT ["sh", "-c", "exec java $JAVA_OPTS -jar /app/service.jar"]
