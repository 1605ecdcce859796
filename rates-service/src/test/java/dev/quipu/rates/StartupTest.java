package dev.quipu.rates;

import io.micronaut.context.ApplicationContext;
import io.micronaut.context.env.Environment;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.client.HttpClient;
import io.micronaut.json.JsonMapper;
import io.micronaut.runtime.server.EmbeddedServer;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Start-up does not wait for publishers, even for ones that accept a connection and never answer. */
class StartupTest {

    @Test
    @SuppressWarnings("unchecked")
    void theServiceStartsAndAnswersFromItsRecordingsWhilePublishersHang() throws Exception {
        try (Blackhole publishers = new Blackhole()) {
            Map<String, Object> props = new java.util.HashMap<>(Publishers.liveWithEveryPublisherAt(publishers.url()));
            props.put("quipu.rates.http-timeout", "60s");
            long started = System.nanoTime();
            try (ApplicationContext service = ApplicationContext.run(EmbeddedServer.class, props, Environment.TEST).getApplicationContext()) {
                long startupSeconds = (System.nanoTime() - started) / 1_000_000_000L;
                assertTrue(startupSeconds < 30, "start-up took " + startupSeconds + " s; a fetch would hold it 60 s");
                HttpClient http = service.createBean(HttpClient.class, service.getBean(EmbeddedServer.class).getURL());

                String body = http.toBlocking().retrieve(HttpRequest.POST("/rates", Map.of("country", "CO")), String.class);
                Map<String, Object> trm = (Map<String, Object>) service.getBean(JsonMapper.class).readValue(body, Map.class).get("usd_cop");
                assertEquals("2025-04-30", trm.get("as_of"));
                assertEquals("snapshot", trm.get("source_mode"));
                for (long until = System.currentTimeMillis() + 5_000; publishers.connections() == 0 && System.currentTimeMillis() < until; ) {
                    Thread.sleep(50);
                }
                assertTrue(publishers.connections() > 0, "the fetches are under way");
                Map<String, Object> health = http.toBlocking().retrieve(HttpRequest.GET("/health"), Map.class);
                Map<String, Object> source = ((Map<String, Map<String, Object>>) ((Map<String, Object>) ((Map<String, Object>)
                        ((Map<String, Object>) health.get("details")).get("rate_sources")).get("details")).get("sources"))
                        .get("datos-gov-co-trm");
                assertNull(source.get("last_success"));
                assertNull(source.get("last_error"), "its fetch has neither answered nor failed yet");
            }
        }
    }

    /** Accepts connections and never answers. */
    static final class Blackhole implements AutoCloseable {
        private final ServerSocket server;
        private final List<Socket> held = new CopyOnWriteArrayList<>();

        Blackhole() throws IOException {
            server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
            Thread t = new Thread(() -> {
                while (!server.isClosed()) {
                    try {
                        held.add(server.accept());
                    } catch (IOException e) {
                        return;
                    }
                }
            }, "blackhole");
            t.setDaemon(true);
            t.start();
        }

        String url() {
            return "http://127.0.0.1:" + server.getLocalPort();
        }

        int connections() {
            return held.size();
        }

        @Override
        public void close() throws IOException {
            server.close();
            for (Socket s : held) {
                s.close();
            }
        }
    }
}
