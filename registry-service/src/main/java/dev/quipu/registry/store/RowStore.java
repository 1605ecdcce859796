package dev.quipu.registry.store;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.micronaut.core.type.Argument;
import io.micronaut.json.JsonMapper;
import jakarta.inject.Singleton;
import org.postgresql.PGConnection;

import io.micronaut.jdbc.DataSourceResolver;

import javax.sql.DataSource;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * {@code registry_rows}: the records of every load. Loads append with PostgreSQL's {@code COPY} (the
 * fastest way in), each batch in one transaction with the load's new position, so an interrupted load
 * resumes exactly after its last committed record. Lookups read a key's rows of the complete loads.
 */
@Singleton
public class RowStore {

    private static final Argument<Map<String, String>> FIELDS = Argument.mapOf(String.class, String.class);
    private static final JsonFactory JSON_FACTORY = new JsonFactory();

    private final DataSource dataSource;
    private final JsonMapper json;

    public RowStore(DataSource dataSource, DataSourceResolver resolver, JsonMapper json) {
        this.dataSource = resolver.resolve(dataSource);
        this.json = json;
    }

    /**
     * A batch of a load's records in COPY's text format, built on the parsing thread (JSON and escaping
     * included) so that the writing thread only streams it to PostgreSQL.
     */
    public final class CopyBatch {
        private final String prefix;
        private final StringBuilder text = new StringBuilder(1 << 20);
        private int rows;

        private CopyBatch(LoadRecord load) {
            this.prefix = load.id() + "\t" + load.country() + "\t";
        }

        public void add(String key, Map<String, String> fields) {
            text.append(prefix);
            escape(key, text);
            text.append('\t');
            escape(write(fields), text);
            text.append('\n');
            rows++;
        }

        public int rows() {
            return rows;
        }
    }

    public CopyBatch batch(LoadRecord load) {
        return new CopyBatch(load);
    }

    /**
     * Appends a batch of a load's records and moves the load's position, atomically.
     *
     * @param position the number of the file's records consumed once this batch is in (accepted and skipped)
     */
    public void append(LoadRecord load, CopyBatch batch, long position, long loaded, long skipped) {
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(false);
            try {
                c.unwrap(PGConnection.class).getCopyAPI()
                        .copyIn("COPY registry_rows (load_id, country, key, fields) FROM STDIN", new CharSequenceReader(batch.text));
                try (PreparedStatement ps = c.prepareStatement("UPDATE registry_loads SET position = ?, rows_loaded = ?, "
                        + "rows_skipped = ? WHERE id = ?")) {
                    ps.setLong(1, position);
                    ps.setLong(2, loaded);
                    ps.setLong(3, skipped);
                    ps.setLong(4, load.id());
                    ps.executeUpdate();
                }
                c.commit();
            } catch (SQLException | IOException e) {
                c.rollback();
                throw e;
            }
        } catch (SQLException | IOException e) {
            throw new StoreException("cannot append to load " + load.id() + " (" + load.dataset() + ")", e);
        }
    }

    /** Reads a StringBuilder without copying it into a String first. */
    private static final class CharSequenceReader extends java.io.Reader {
        private final CharSequence text;
        private int next;

        CharSequenceReader(CharSequence text) {
            this.text = text;
        }

        @Override
        public int read(char[] buf, int off, int len) {
            if (next >= text.length()) {
                return -1;
            }
            int n = Math.min(len, text.length() - next);
            for (int i = 0; i < n; i++) {
                buf[off + i] = text.charAt(next + i);
            }
            next += n;
            return n;
        }

        @Override
        public void close() {
        }
    }

    /** The rows under any of {@code keys} in {@code country}, of the loads given (the complete ones), by load id. */
    public List<StoredRow> find(String country, Collection<String> keys, Map<Long, LoadRecord> loads) {
        try (Connection c = dataSource.getConnection();
             PreparedStatement ps = c.prepareStatement("SELECT load_id, key, fields FROM registry_rows WHERE country = ? AND key = ANY (?)")) {
            Array array = c.createArrayOf("varchar", keys.toArray());
            ps.setString(1, country);
            ps.setArray(2, array);
            List<StoredRow> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    LoadRecord load = loads.get(rs.getLong(1));
                    if (load != null) {
                        out.add(new StoredRow(load, rs.getString(2), read(rs.getString(3))));
                    }
                }
            }
            return out;
        } catch (SQLException e) {
            throw new StoreException("cannot read registry_rows", e);
        }
    }

    /** A record's fields as a JSON object, written with Jackson's streaming generator (the load's hot path). */
    String write(Map<String, String> fields) {
        StringWriter out = new StringWriter(fields.size() * 32);
        try (JsonGenerator g = JSON_FACTORY.createGenerator(out)) {
            g.writeStartObject();
            for (Map.Entry<String, String> f : fields.entrySet()) {
                g.writeStringField(f.getKey(), f.getValue());
            }
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
    }

    Map<String, String> read(String text) {
        try {
            return json.readValue(text, FIELDS);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** COPY's text format: backslash, tab, line feed and carriage return escaped. */
    static void escape(String s, StringBuilder out) {
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            switch (ch) {
                case '\\' -> out.append("\\\\");
                case '\t' -> out.append("\\t");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                default -> out.append(ch);
            }
        }
    }
}
