package dev.quipu.registry.store;

import io.micronaut.core.annotation.Nullable;
import jakarta.inject.Singleton;

import io.micronaut.jdbc.DataSourceResolver;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.Date;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code registry_loads}: each load's source, SHA-256, cut-off and progress. Hand SQL, because the
 * statements are the point: a load is claimed by its (dataset, SHA-256) in one insert, and completing
 * it supersedes older editions and drops their rows in the same transaction.
 */
@Singleton
public class LoadLedger {

    private static final String COLUMNS = "id, country, dataset, source_url, origin, sha256, cut_off, cut_off_basis, state, position, "
            + "rows_loaded, rows_skipped, started_at, finished_at, error";

    private final DataSource dataSource;
    private final Clock clock;

    public LoadLedger(DataSource dataSource, DataSourceResolver resolver, Clock clock) {
        this.dataSource = resolver.resolve(dataSource);
        this.clock = clock;
    }

    /** The load of this exact file (dataset and bytes), whatever its state. */
    public Optional<LoadRecord> find(String dataset, String sha256) {
        return query("SELECT " + COLUMNS + " FROM registry_loads WHERE dataset = ? AND sha256 = ?", dataset, sha256)
                .stream().findFirst();
    }

    public Optional<LoadRecord> find(long id) {
        return query("SELECT " + COLUMNS + " FROM registry_loads WHERE id = ?", id).stream().findFirst();
    }

    /** Every load, newest first. */
    public List<LoadRecord> all() {
        return query("SELECT " + COLUMNS + " FROM registry_loads ORDER BY id DESC");
    }

    /** The loads whose rows answer lookups. */
    public List<LoadRecord> complete() {
        return query("SELECT " + COLUMNS + " FROM registry_loads WHERE state = 'complete' ORDER BY id");
    }

    /**
     * Starts the load of a file, or picks up the one already started for the same bytes: a failed or
     * interrupted load resumes at its position. Concurrent starts of the same file get the same row.
     */
    public LoadRecord start(String country, String dataset, String sourceUrl, String origin, String sha256) {
        try (Connection c = dataSource.getConnection();
             PreparedStatement ps = c.prepareStatement("INSERT INTO registry_loads (country, dataset, source_url, origin, "
                     + "sha256, state, started_at) VALUES (?, ?, ?, ?, ?, 'loading', ?) ON CONFLICT (dataset, sha256) DO UPDATE SET "
                     + "state = CASE WHEN registry_loads.state = 'failed' THEN 'loading' ELSE registry_loads.state END, "
                     + "error = CASE WHEN registry_loads.state = 'failed' THEN NULL ELSE registry_loads.error END "
                     + "RETURNING " + COLUMNS)) {
            ps.setString(1, country);
            ps.setString(2, dataset);
            ps.setString(3, sourceUrl);
            ps.setString(4, origin);
            ps.setString(5, sha256);
            ps.setTimestamp(6, Timestamp.from(clock.instant()));
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return read(rs);
            }
        } catch (SQLException e) {
            throw new StoreException("cannot start the load of " + dataset, e);
        }
    }

    /**
     * Marks a load complete with the data's cut-off. Unless the dataset keeps editions, every other
     * complete load of it with an older (or unknown) cut-off is superseded and its rows deleted, in the
     * same transaction: lookups never see two editions or none.
     */
    public LoadRecord complete(long id, @Nullable LocalDate cutOff, @Nullable String basis, boolean keepsEditions) {
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(false);
            try {
                LoadRecord done;
                try (PreparedStatement ps = c.prepareStatement("UPDATE registry_loads SET state = 'complete', cut_off = ?, "
                        + "cut_off_basis = ?, finished_at = ?, error = NULL WHERE id = ? RETURNING " + COLUMNS)) {
                    ps.setDate(1, cutOff == null ? null : Date.valueOf(cutOff));
                    ps.setString(2, basis);
                    ps.setTimestamp(3, Timestamp.from(clock.instant()));
                    ps.setLong(4, id);
                    try (ResultSet rs = ps.executeQuery()) {
                        rs.next();
                        done = read(rs);
                    }
                }
                if (!keepsEditions) {
                    supersedeOlder(c, done);
                }
                c.commit();
                return done;
            } catch (SQLException e) {
                c.rollback();
                throw e;
            }
        } catch (SQLException e) {
            throw new StoreException("cannot complete load " + id, e);
        }
    }

    private static void supersedeOlder(Connection c, LoadRecord done) throws SQLException {
        // the newest cut-off wins, whatever the order the files were loaded in: an older file loaded after
        // a newer one is itself superseded at once
        List<Long> older = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement("SELECT id, cut_off FROM registry_loads WHERE dataset = ? "
                + "AND state = 'complete' ORDER BY cut_off DESC NULLS LAST, id DESC")) {
            ps.setString(1, done.dataset());
            try (ResultSet rs = ps.executeQuery()) {
                boolean first = true;
                while (rs.next()) {
                    if (!first) {
                        older.add(rs.getLong(1));
                    }
                    first = false;
                }
            }
        }
        for (long id : older) {
            try (PreparedStatement del = c.prepareStatement("DELETE FROM registry_rows WHERE load_id = ?");
                 PreparedStatement upd = c.prepareStatement("UPDATE registry_loads SET state = 'superseded' WHERE id = ?")) {
                del.setLong(1, id);
                del.executeUpdate();
                upd.setLong(1, id);
                upd.executeUpdate();
            }
        }
    }

    /** Records why a load stopped; its rows so far stay, and a new start of the same file resumes after them. */
    public void fail(long id, String error) {
        try (Connection c = dataSource.getConnection();
             PreparedStatement ps = c.prepareStatement("UPDATE registry_loads SET state = 'failed', error = ?, finished_at = ? "
                     + "WHERE id = ? AND state = 'loading'")) {
            ps.setString(1, error);
            ps.setTimestamp(2, Timestamp.from(clock.instant()));
            ps.setLong(3, id);
            ps.executeUpdate();
        } catch (SQLException e) {
            throw new StoreException("cannot record the failure of load " + id, e);
        }
    }

    private List<LoadRecord> query(String sql, Object... args) {
        try (Connection c = dataSource.getConnection(); PreparedStatement ps = c.prepareStatement(sql)) {
            for (int i = 0; i < args.length; i++) {
                ps.setObject(i + 1, args[i]);
            }
            List<LoadRecord> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(read(rs));
                }
            }
            return out;
        } catch (SQLException e) {
            throw new StoreException("cannot read registry_loads", e);
        }
    }

    static LoadRecord read(ResultSet rs) throws SQLException {
        Date cutOff = rs.getDate("cut_off");
        Timestamp finished = rs.getTimestamp("finished_at");
        return new LoadRecord(rs.getLong("id"), rs.getString("country"), rs.getString("dataset"), rs.getString("source_url"),
                rs.getString("origin"), rs.getString("sha256"), cutOff == null ? null : cutOff.toLocalDate(), rs.getString("cut_off_basis"),
                rs.getString("state"), rs.getLong("position"), rs.getLong("rows_loaded"), rs.getLong("rows_skipped"),
                rs.getTimestamp("started_at").toInstant(), finished == null ? null : finished.toInstant(), rs.getString("error"));
    }
}
