package dev.quipu.registry.store;

import io.micronaut.core.annotation.Nullable;
import jakarta.inject.Singleton;

import io.micronaut.jdbc.DataSourceResolver;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;

/** {@code registry_live}: the last answer of each live source per identifier, the floor when that source is down. */
@Singleton
public class LiveAnswers {

    private final DataSource dataSource;
    private final RowStore rows;

    public LiveAnswers(DataSource dataSource, DataSourceResolver resolver, RowStore rows) {
        this.dataSource = resolver.resolve(dataSource);
        this.rows = rows;
    }

    /** A kept answer: {@code fields} is null when the source said it does not know the identifier. */
    public record Kept(Instant fetchedAt, boolean found, @Nullable Map<String, String> fields) {
    }

    public void keep(String country, String key, String source, Instant fetchedAt, @Nullable Map<String, String> fields) {
        try (Connection c = dataSource.getConnection();
             PreparedStatement ps = c.prepareStatement("INSERT INTO registry_live (country, key, source, fetched_at, found, fields) "
                     + "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (country, key, source) DO UPDATE SET fetched_at = EXCLUDED.fetched_at, "
                     + "found = EXCLUDED.found, fields = EXCLUDED.fields WHERE registry_live.fetched_at <= EXCLUDED.fetched_at")) {
            ps.setString(1, country);
            ps.setString(2, key);
            ps.setString(3, source);
            ps.setTimestamp(4, Timestamp.from(fetchedAt));
            ps.setBoolean(5, fields != null);
            ps.setString(6, fields == null ? null : rows.write(fields));
            ps.executeUpdate();
        } catch (SQLException e) {
            throw new StoreException("cannot keep the live answer of " + source, e);
        }
    }

    public Optional<Kept> find(String country, String key, String source) {
        try (Connection c = dataSource.getConnection();
             PreparedStatement ps = c.prepareStatement("SELECT fetched_at, found, fields FROM registry_live WHERE country = ? AND key = ? AND source = ?")) {
            ps.setString(1, country);
            ps.setString(2, key);
            ps.setString(3, source);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    return Optional.empty();
                }
                String fields = rs.getString(3);
                return Optional.of(new Kept(rs.getTimestamp(1).toInstant(), rs.getBoolean(2), fields == null ? null : rows.read(fields)));
            }
        } catch (SQLException e) {
            throw new StoreException("cannot read registry_live", e);
        }
    }
}
