package dev.quipu.rates.sources;

import java.net.URI;
import java.util.Map;

/**
 * One HTTP GET an adapter needs.
 *
 * @param sourceId    the adapter's id
 * @param key         names this request among the adapter's requests (the snapshot file name)
 * @param uri         full address, possibly with credentials in the query (BCCh)
 * @param headers     request headers, possibly with tokens (Banxico)
 * @param publicUrl   the address as shown to callers: credentials removed
 */
public record SourceRequest(String sourceId, String key, URI uri, Map<String, String> headers, String publicUrl) {

    public static SourceRequest of(String sourceId, String key, String url) {
        return new SourceRequest(sourceId, key, URI.create(url), Map.of(), url);
    }

    public SourceRequest withHeader(String name, String value) {
        var h = new java.util.LinkedHashMap<>(headers);
        h.put(name, value);
        return new SourceRequest(sourceId, key, uri, Map.copyOf(h), publicUrl);
    }
}
