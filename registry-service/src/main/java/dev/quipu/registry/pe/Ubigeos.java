package dev.quipu.registry.pe;

import jakarta.inject.Singleton;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * INEI ubigeo (the 6-digit code SUNAT's padrón gives) → departamento, provincia, distrito, from the bundled
 * {@code TB_UBIGEOS.csv} (the MINSA table; its {@code ubigeo_inei} column is INEI's code).
 */
@Singleton
public class Ubigeos {

    static final String RESOURCE = "registry/pe/ubigeo/TB_UBIGEOS.csv";

    public record Place(String departamento, String provincia, String distrito) {
    }

    private volatile Map<String, Place> places;

    public Optional<Place> of(String ubigeo) {
        return ubigeo == null ? Optional.empty() : Optional.ofNullable(places().get(ubigeo.strip()));
    }

    int size() {
        return places().size();
    }

    private Map<String, Place> places() {
        Map<String, Place> p = places;
        if (p == null) {
            synchronized (this) {
                if (places == null) {
                    places = read();
                }
                p = places;
            }
        }
        return p;
    }

    private static Map<String, Place> read() {
        Map<String, Place> out = new HashMap<>();
        try (InputStream in = Ubigeos.class.getClassLoader().getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IOException("no bundled resource " + RESOURCE);
            }
            Reader reader = new InputStreamReader(in, StandardCharsets.UTF_8);
            CSVFormat format = CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).get();
            try (CSVParser csv = CSVParser.parse(reader, format)) {
                String ubigeo = csv.getHeaderNames().stream().filter(h -> h.endsWith("ubigeo_inei")).findFirst()
                        .orElseThrow(() -> new IOException(RESOURCE + " has no ubigeo_inei column"));
                for (CSVRecord r : csv) {
                    out.put(r.get(ubigeo), new Place(r.get("departamento"), r.get("provincia"), r.get("distrito")));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return Collections.unmodifiableMap(out);
    }
}
