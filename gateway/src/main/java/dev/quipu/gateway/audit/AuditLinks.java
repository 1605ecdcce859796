package dev.quipu.gateway.audit;

import dev.quipu.contracts.events.AuditLink;
import io.micronaut.context.annotation.Value;
import jakarta.inject.Singleton;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Calls waiting for their audit link. A call registers its event id before its event can be
 * published, the link consumer completes it when the link arrives, and the call waits a bounded
 * time. Links of calls nobody waits for (other gateways' calls) are dropped at once.
 */
@Singleton
public class AuditLinks {

    private final Map<String, CompletableFuture<AuditLink>> waiting = new ConcurrentHashMap<>();
    private final Duration wait;
    private final boolean active;

    public AuditLinks(AuditConfig config, @Value("${kafka.enabled:true}") boolean kafkaEnabled) {
        // without the link consumer (Kafka disabled) no link can ever arrive: answers are not stamped
        this.active = kafkaEnabled;
        this.wait = config.linkWait() != null ? config.linkWait() : Duration.ofSeconds(2);
    }

    /** Whether answers carry audit links: only when this gateway consumes the link topic. */
    public boolean active() {
        return active;
    }

    /** A call's claim on its link. */
    public final class Expected {
        private final String eventId;
        private final CompletableFuture<AuditLink> link;

        private Expected(String eventId, CompletableFuture<AuditLink> link) {
            this.eventId = eventId;
            this.link = link;
        }

        public String eventId() {
            return eventId;
        }

        /** The link, or null when it did not arrive within the configured wait. Always ends the claim. */
        public AuditLink await() {
            try {
                return wait.isZero() ? link.getNow(null) : link.get(wait.toMillis(), TimeUnit.MILLISECONDS);
            } catch (TimeoutException | ExecutionException e) {
                return null;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return null;
            } finally {
                cancel();
            }
        }

        public void cancel() {
            waiting.remove(eventId, link);
        }
    }

    public Expected expect(String eventId) {
        CompletableFuture<AuditLink> link = new CompletableFuture<>();
        waiting.put(eventId, link);
        return new Expected(eventId, link);
    }

    /** Called by the link consumer for every link on the topic. */
    public void arrived(AuditLink link) {
        CompletableFuture<AuditLink> waiter = waiting.get(link.eventId());
        if (waiter != null) {
            waiter.complete(link);
        }
    }

    public int waitingCount() {
        return waiting.size();
    }
}
