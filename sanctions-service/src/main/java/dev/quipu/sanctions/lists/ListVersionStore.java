package dev.quipu.sanctions.lists;

import io.micronaut.data.connection.jdbc.advice.DelegatingDataSource;
import jakarta.inject.Singleton;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;

/** Persists every list version that goes live (table list_versions, V1 migration). */
@Singleton
public class ListVersionStore {

    private final DataSource dataSource;

    public ListVersionStore(DataSource dataSource) {
        this.dataSource = DelegatingDataSource.unwrapDataSource(dataSource);
    }

    /** Records the version once per (list, sha256); a re-load of the same file is not a new row. */
    public void record(ListVersion v) {
        String sql = "INSERT INTO list_versions (list_id, version, source_url, sha256, published_at, fetched_at, entity_count) "
                + "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (list_id, sha256) DO NOTHING";
        try (Connection c = dataSource.getConnection(); PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setString(1, v.list().name());
            ps.setString(2, v.version());
            ps.setString(3, v.sourceUrl());
            ps.setString(4, v.sha256());
            ps.setTimestamp(5, v.publishedAt() == null ? null : Timestamp.from(v.publishedAt()));
            ps.setTimestamp(6, Timestamp.from(v.fetchedAt()));
            ps.setInt(7, v.entityCount());
            ps.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException("could not record list version " + v.list() + " " + v.version(), e);
        }
    }

    public int count(ListId list) {
        try (Connection c = dataSource.getConnection();
             PreparedStatement ps = c.prepareStatement("SELECT count(*) FROM list_versions WHERE list_id = ?")) {
            ps.setString(1, list.name());
            try (var rs = ps.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Whether this exact version (list, SHA-256) has been recorded. */
    public boolean exists(ListId list, String sha256) {
        try (Connection c = dataSource.getConnection();
             PreparedStatement ps = c.prepareStatement("SELECT 1 FROM list_versions WHERE list_id = ? AND sha256 = ?")) {
            ps.setString(1, list.name());
            ps.setString(2, sha256);
            try (var rs = ps.executeQuery()) {
                return rs.next();
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }
}
