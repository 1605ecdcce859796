package dev.quipu.rates.sources;

import io.micronaut.json.JsonMapper;
import io.micronaut.json.tree.JsonNode;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The real upstream responses bundled under {@code snapshots/} (provenance in its README), the
 * floor every source falls back to. {@code snapshots/SHA256SUMS} lists them as
 * {@code <source id>/<request key>/<file>}, several recordings of one request oldest first.
 * Replaying runs the source's own requests and parser against them, so the dates are the
 * recordings' true dates. A file named {@code cassette-*} is a recorded exchange
 * ({@code {path, params, status_code, json}}) whose {@code json} member is the answer.
 */
public final class BundledRecordings {

    private final String root;
    private final JsonMapper json;
    /** source id → request key → files, oldest first. */
    private final Map<String, Map<String, List<String>>> index;

    public BundledRecordings(String root, JsonMapper json) {
        this.root = root.endsWith("/") ? root : root + "/";
        this.json = json;
        this.index = readIndex(this.root);
    }

    public boolean has(String sourceId) {
        return index.containsKey(sourceId);
    }

    /**
     * Every observation the source's recordings give: recording set i answers each request with its
     * i-th recording (or its last one), and a date seen in several sets keeps its newest recording.
     * Empty when nothing is bundled for the source.
     *
     * @throws UpstreamException when recordings exist but none of them can be read
     */
    public List<Observation> replay(RateSource source, Instant loadedAt) {
        Map<String, List<String>> requests = index.get(source.id());
        if (requests == null) {
            return List.of();
        }
        int sets = requests.values().stream().mapToInt(List::size).max().orElse(0);
        Map<String, Observation> byDate = new LinkedHashMap<>();
        List<String> errors = new ArrayList<>();
        for (int i = 0; i < sets; i++) {
            Replay replay = new Replay(source.id(), requests, i);
            try {
                for (Observation o : source.fetch(replay, loadedAt)) {
                    // which file a value came from: the one that answered the request shown as its source_url
                    String file = replay.served.get(o.sourceUrl());
                    byDate.put(o.rate() + "|" + o.asOf(), file == null ? o : o.recordedIn(file));
                }
            } catch (UpstreamException e) {
                errors.add(e.getMessage());
            }
        }
        if (byDate.isEmpty()) {
            throw new UpstreamException("the bundled recordings of " + source.id() + " give no value: " + errors);
        }
        return byDate.values().stream().sorted(Comparator.comparing(Observation::rate).thenComparing(Observation::asOf)).toList();
    }

    /** Answers each request with one recording of it, as a publisher would have. */
    private final class Replay implements Transport {
        private final String sourceId;
        private final Map<String, List<String>> requests;
        private final int set;
        /** public URL of each request answered → the file that answered it */
        private final Map<String, String> served = new LinkedHashMap<>();

        Replay(String sourceId, Map<String, List<String>> requests, int set) {
            this.sourceId = sourceId;
            this.requests = requests;
            this.set = set;
        }

        @Override
        public String mode() {
            return "snapshot";
        }

        @Override
        public Body get(SourceRequest request) {
            List<String> files = requests.get(request.key());
            if (files == null) {
                throw new UpstreamException("no recording of request '" + request.key() + "' of " + sourceId + " is bundled");
            }
            String file = files.get(Math.min(set, files.size() - 1));
            served.put(request.publicUrl(), file);
            byte[] bytes = read(root + file);
            return new Body(file.substring(file.lastIndexOf('/') + 1).startsWith("cassette-") ? unwrap(file, bytes) : bytes,
                    StandardCharsets.UTF_8);
        }
    }

    private byte[] unwrap(String file, byte[] cassette) {
        try {
            JsonNode exchange = json.readValue(cassette, JsonNode.class);
            JsonNode status = exchange.get("status_code");
            if (status == null || status.getIntValue() / 100 != 2) {
                throw new UpstreamException("recorded exchange " + file + " was not a success", status == null ? 0 : status.getIntValue(), null);
            }
            return json.writeValueAsBytes(exchange.get("json"));
        } catch (IOException e) {
            throw new UpstreamException("unreadable recorded exchange " + file, e);
        }
    }

    private static byte[] read(String path) {
        try (InputStream in = BundledRecordings.class.getClassLoader().getResourceAsStream(path)) {
            if (in == null) {
                throw new UpstreamException("bundled recording " + path + " is listed but missing");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UpstreamException("cannot read bundled recording " + path, e);
        }
    }

    private static Map<String, Map<String, List<String>>> readIndex(String root) {
        Map<String, Map<String, List<String>>> index = new LinkedHashMap<>();
        try (InputStream in = BundledRecordings.class.getClassLoader().getResourceAsStream(root + "SHA256SUMS")) {
            if (in == null) {
                return index; // no bundle at this root: every source starts without a floor
            }
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                String[] parts = line.trim().split("\\s+", 2);
                if (line.isBlank() || line.startsWith("#") || parts.length != 2) {
                    continue;
                }
                String[] path = parts[1].split("/");
                if (path.length != 3) {
                    throw new IllegalStateException(root + "SHA256SUMS: not <source>/<request>/<file>: " + parts[1]);
                }
                index.computeIfAbsent(path[0], k -> new LinkedHashMap<>()).computeIfAbsent(path[1], k -> new ArrayList<>())
                        .add(parts[1]);
            }
            return index;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
