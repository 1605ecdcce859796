package dev.quipu.registry.store;

import io.micronaut.core.type.Argument;
import io.micronaut.json.JsonMapper;
import jakarta.inject.Singleton;
import org.postgresql.PGConnection;

import io.micronaut.jdbc.DataSourceResolver;

import javax.sql.DataSource;
import java.io.IOException;
import java.io.StringReader;
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

    private final DataSource dataSource;
    private final JsonMapper json;

    public RowStore(DataSource dataSource, DataSourceResolver resolver, JsonMapper json) {
        this.dataSource = resolver.resolve(dataSource);
        this.json = json;
    }

    /** A record on its way into the store. */
    public record PendingRow(String key, Map<String, String> fields) {
    }

    /**
     * Appends a batch of a load's records and moves the load's position, atomically.
     *
     * @param position the number of the file's records consumed once this batch is in (accepted and skipped)
     */
    public void append(LoadRecord load, List<PendingRow> rows, long position, long loaded, long skipped) {
        StringBuilder copy = new StringBuilder(rows.size() * 256);
        String prefix = load.id() + "\t" + load.country() + "\t";
        for (PendingRow row : rows) {
            copy.append(prefix);
            escape(row.key(), copy);
            copy.append('\t');
            escape(write(row.fields()), copy);
            copy.append('\n');
        }
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(false);
            try {
                c.unwrap(PGConnection.class).getCopyAPI()
                        .copyIn("COPY registry_rows (load_id, country, key, fields) FROM STDIN", new StringReader(copy.toString()));
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

    String write(Map<String, String> fields) {
        try {
            return json.writeValueAsString(fields);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
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
