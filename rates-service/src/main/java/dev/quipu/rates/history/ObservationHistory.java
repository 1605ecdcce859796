package dev.quipu.rates.history;

import dev.quipu.rates.sources.Observation;
import io.micronaut.jdbc.DataSourceResolver;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.Date;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.sql.Types;
import java.util.List;

/**
 * Every observation ever fetched, in {@code rate_observations}. A value seen again is not
 * stored twice; a revised value for the same date is stored as a new row (V2 unique key).
 */
@Singleton
public class ObservationHistory {

    private static final Logger LOG = LoggerFactory.getLogger(ObservationHistory.class);
    private static final String INSERT = """
            INSERT INTO rate_observations
              (country, rate, value, as_of, valid_until, source, source_name, source_url, source_mode, official, fetched_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (country, rate, as_of, source, value) DO NOTHING
            """;

    private final DataSource dataSource;

    public ObservationHistory(DataSource dataSource, DataSourceResolver resolver) {
        // the plain pool, not Micronaut Data's contextual proxy: writes happen on scheduler threads
        this.dataSource = resolver.resolve(dataSource);
    }

    /** Stores the observations; a database failure is logged, never fails the refresh. */
    public int record(String sourceId, String mode, List<Observation> observations) {
        try (Connection c = dataSource.getConnection(); PreparedStatement ps = c.prepareStatement(INSERT)) {
            for (Observation o : observations) {
                ps.setString(1, o.country());
                ps.setString(2, o.rate());
                ps.setBigDecimal(3, o.value());
                ps.setDate(4, Date.valueOf(o.asOf()));
                if (o.validUntil() == null) {
                    ps.setNull(5, Types.DATE);
                } else {
                    ps.setDate(5, Date.valueOf(o.validUntil()));
                }
                ps.setString(6, sourceId);
                ps.setString(7, o.source());
                ps.setString(8, o.sourceUrl());
                ps.setString(9, mode);
                ps.setBoolean(10, o.official());
                ps.setTimestamp(11, Timestamp.from(o.fetchedAt()));
                ps.addBatch();
            }
            int inserted = 0;
            for (int n : ps.executeBatch()) {
                inserted += Math.max(n, 0);
            }
            if (!c.getAutoCommit()) {
                c.commit();
            }
            return inserted;
        } catch (SQLException e) {
            LOG.warn("could not store {} observations of {}: {}", observations.size(), sourceId, e.getMessage());
            return 0;
        }
    }
}
