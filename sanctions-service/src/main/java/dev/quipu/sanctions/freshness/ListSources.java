package dev.quipu.sanctions.freshness;

import dev.quipu.sanctions.lists.ListId;
import dev.quipu.sanctions.refresh.RefreshSettings;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Instant;
import java.util.EnumMap;
import java.util.Map;

/**
 * What every list's fetches have given since start: the source of {@code source_mode} and of the
 * {@code last_success}, {@code last_error} and {@code next_attempt} in {@code /health}. An outage is
 * logged once (its first failure as a warning, the recovery as info), not at every retry.
 */
@Singleton
public class ListSources {

    private static final Logger LOG = LoggerFactory.getLogger(ListSources.class);

    private final Map<ListId, ListSourceStatus> statuses = new EnumMap<>(ListId.class);

    public ListSources(RefreshSettings settings) {
        Map<ListId, Map<String, String>> sources = settings.sources();
        for (ListId list : ListId.values()) {
            statuses.put(list, new ListSourceStatus(list, settings.enabled() && sources.containsKey(list),
                    null, null, null, null, 0));
        }
    }

    public synchronized ListSourceStatus status(ListId list) {
        return statuses.get(list);
    }

    /** A first attempt is due at {@code next} (the refresh job's start). */
    public synchronized void scheduled(ListId list, Instant next) {
        ListSourceStatus s = statuses.get(list);
        statuses.put(list, new ListSourceStatus(list, s.fetching(), s.lastSuccess(), s.lastErrorAt(), s.lastError(), next,
                s.failuresInARow()));
    }

    /** The fetch gave a new version or confirmed the serving one. */
    public synchronized void succeeded(ListId list, Instant at, Instant next) {
        ListSourceStatus s = statuses.get(list);
        if (s.failuresInARow() > 0) {
            LOG.info("list {}: fetched again after {} failed attempt(s)", list, s.failuresInARow());
        }
        statuses.put(list, new ListSourceStatus(list, s.fetching(), at, null, null, next, 0));
    }

    /** The fetch failed or its file was refused; the serving version stays. */
    public synchronized void failed(ListId list, Instant at, String error, Instant next) {
        ListSourceStatus s = statuses.get(list);
        ListSourceStatus failed = new ListSourceStatus(list, s.fetching(), s.lastSuccess(), at, error, next,
                s.failuresInARow() + 1);
        statuses.put(list, failed);
        if (s.failuresInARow() == 0) {
            LOG.warn("list {}: fetch failed ({}); serving the {} version until a fetch succeeds; retrying at {} "
                    + "(further failures of this outage are logged at debug)", list, error, failed.mode().apiName(), next);
        } else {
            LOG.debug("list {}: fetch failed again ({}), attempt {}; next at {}", list, error, failed.failuresInARow(), next);
        }
    }
}
