package dev.quipu.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.quipu.contracts.pricebook.Service;
import dev.quipu.devstack.DevStackConfig;
import dev.quipu.devstack.ServiceEnvironment;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * GET /rates/stream against the running suite: a paid stream (a token bought with a real x402
 * payment in local mode, through {@code ./quipu pay}'s client), a trial stream from an address of its
 * own, both receiving the rates that rates-service published on quipu.rates.v1; and a second gateway
 * instance, started beside the suite's, streaming the same update as the first.
 */
@ExtendWith(SuiteExtension.class)
class RatesStreamIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration WAIT = Duration.ofSeconds(60);

    @Test
    void aPaidStreamOpensWithABoughtTokenAndReceivesRatesThenItsEnd(RunningSuite suite) throws Exception {
        String token = buyToken(suite, "CO");
        try (Sse stream = Sse.open(suite.gateway().resolve("/rates/stream?country=CO&max_events=1&stream_token=" + token))) {
            assertEquals(200, stream.status, stream.body());
            Sse.Event rates = stream.nextEvent(WAIT);
            assertEquals("rates", rates.name());
            assertEquals("1", rates.id());
            JsonNode set = JSON.readTree(rates.data());
            assertEquals("CO", set.path("country").asText());
            assertTrue(set.path("values").has("usd_cop"), rates.data());
            assertEquals("end", stream.nextEvent(WAIT).name());
        }
        try (Sse again = Sse.open(suite.gateway().resolve("/rates/stream?country=CO&stream_token=" + token))) {
            assertEquals(402, again.status);
            assertTrue(again.body().contains("stream_token_used"), again.body());
        }
    }

    @Test
    void aTrialStreamReceivesThreeFreeEventsThenALimit(RunningSuite suite) throws Exception {
        // the gateway trusts no proxy by default: every test client is 127.0.0.1, so this test owns the
        // address's three free events; it runs once per suite start (a fresh database)
        try (Sse stream = Sse.open(suite.gateway().resolve("/rates/stream?country=BR&interval=5&max_events=10"))) {
            assertEquals(200, stream.status, stream.body());
            for (int i = 1; i <= 3; i++) {
                Sse.Event event = stream.nextEvent(Duration.ofSeconds(30));
                assertEquals("rates", event.name(), event.data());
                assertEquals("BR", JSON.readTree(event.data()).path("country").asText());
            }
            Sse.Event limit = stream.nextEvent(Duration.ofSeconds(30));
            assertEquals("limit", limit.name());
            assertEquals("trial_exhausted", JSON.readTree(limit.data()).path("error").asText());
        }
    }

    @Test
    void aSecondGatewayInstanceStreamsTheSameUpdateAsTheFirst(RunningSuite suite) throws Exception {
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        Map<Service, Integer> ports = new EnumMap<>(Service.class);
        for (Service s : Service.values()) {
            ports.put(s, suite.url(s).getPort());
        }
        ports.put(Service.GATEWAY, port);
        DevStackConfig config = suite.stack().config();
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m", "-jar", config.jarOf(Service.GATEWAY).toString()));
        Path log = config.logDir().resolve("gateway-second-instance.log");
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().putAll(ServiceEnvironment.of(Service.GATEWAY, ports, suite.stack().bootstrapServers(),
                suite.stack().postgresPort()));
        builder.environment().put("MICRONAUT_SERVER_PORT", Integer.toString(port));
        builder.environment().putAll(ServiceEnvironment.credentials(Service.GATEWAY, suite.stack().secrets()));
        builder.environment().putAll(ServiceEnvironment.secrets(Service.GATEWAY, suite.stack().secrets()));
        Process second = builder.start();
        try {
            URI secondGateway = URI.create("http://127.0.0.1:" + port);
            awaitUp(secondGateway, log);
            String first = buyToken(suite, "MX");
            String other = buyToken(suite, "MX");
            try (Sse a = Sse.open(suite.gateway().resolve("/rates/stream?country=MX&max_events=1&stream_token=" + first));
                 Sse b = Sse.open(secondGateway.resolve("/rates/stream?country=MX&max_events=1&stream_token=" + other))) {
                assertEquals(200, a.status, a.body());
                assertEquals(200, b.status, b.body());
                String fromFirst = JSON.readTree(a.nextEvent(WAIT).data()).path("event_id").asText();
                String fromSecond = JSON.readTree(b.nextEvent(WAIT).data()).path("event_id").asText();
                assertTrue(!fromFirst.isEmpty());
                // both instances rebuilt the country's newest set from the topic: the same event
                assertEquals(fromFirst, fromSecond);
            }
        } finally {
            second.destroy();
            if (!second.waitFor(20, TimeUnit.SECONDS)) {
                second.destroyForcibly();
            }
        }
    }

    /** Pays POST /rates/stream/token with the suite's own client (x402 v2, local settlement, dev key). */
    private static String buyToken(RunningSuite suite, String country) throws Exception {
        Path jar = suite.stack().config().jarOf(Service.PAYMENT);
        ProcessBuilder pay = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", jar.toString(), "dev.quipu.payment.cli.Pay", "POST", "/rates/stream/token?country=" + country)
                .redirectErrorStream(true);
        pay.environment().put("QUIPU_GATEWAY_URL", suite.gateway().toString());
        Process p = pay.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), out);
        String body = out.substring(out.lastIndexOf("body:") + 5).strip();
        JsonNode answer = JSON.readTree(body);
        assertEquals(country, answer.path("country").asText(), body);
        String token = answer.path("stream_token").asText();
        assertNotNull(token);
        return token;
    }

    private static void awaitUp(URI gateway, Path log) throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        long until = System.nanoTime() + Duration.ofSeconds(120).toNanos();
        while (System.nanoTime() < until) {
            try {
                HttpResponse<String> r = http.send(HttpRequest.newBuilder(gateway.resolve("/llms.txt"))
                        .timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.ofString());
                if (r.statusCode() == 200) {
                    return;
                }
            } catch (IOException e) {
                // not listening yet
            }
            Thread.sleep(500);
        }
        throw new AssertionError("the second gateway did not start; its log: " + Files.readString(log));
    }

    /** A minimal server-sent-events reader. */
    static final class Sse implements AutoCloseable {
        record Event(String name, String id, String data) {
        }

        final int status;
        private final HttpResponse<InputStream> response;
        private final BlockingQueue<Event> events = new LinkedBlockingQueue<>();

        private Sse(HttpResponse<InputStream> response) {
            this.response = response;
            this.status = response.statusCode();
            if (status == 200) {
                Thread reader = new Thread(this::read, "sse");
                reader.setDaemon(true);
                reader.start();
            }
        }

        static Sse open(URI uri) throws IOException, InterruptedException {
            HttpRequest.Builder request = HttpRequest.newBuilder(uri).header("Accept", "text/event-stream");
            return new Sse(HttpClient.newHttpClient().send(request.build(), HttpResponse.BodyHandlers.ofInputStream()));
        }

        String body() throws IOException {
            return status == 200 ? "" : new String(response.body().readAllBytes(), StandardCharsets.UTF_8);
        }

        Event nextEvent(Duration timeout) throws InterruptedException {
            Event e = events.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
            if (e == null) {
                throw new AssertionError("no event within " + timeout);
            }
            return e;
        }

        private void read() {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(response.body(), StandardCharsets.UTF_8))) {
                String name = null;
                String id = null;
                StringBuilder data = null;
                for (String line = in.readLine(); line != null; line = in.readLine()) {
                    if (line.isEmpty()) {
                        if (name != null) {
                            events.add(new Event(name, id, data == null ? "" : data.toString()));
                        }
                        name = null;
                        id = null;
                        data = null;
                    } else if (line.startsWith("event:")) {
                        name = line.substring(6).strip();
                    } else if (line.startsWith("id:")) {
                        id = line.substring(3).strip();
                    } else if (line.startsWith("data:")) {
                        String v = line.substring(5).startsWith(" ") ? line.substring(6) : line.substring(5);
                        data = data == null ? new StringBuilder(v) : data.append('\n').append(v);
                    }
                }
            } catch (IOException e) {
                // closed
            }
        }

        @Override
        public void close() throws IOException {
            response.body().close();
        }
    }
}
