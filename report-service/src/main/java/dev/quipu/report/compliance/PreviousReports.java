package dev.quipu.report.compliance;

import io.micronaut.core.type.Argument;
import io.micronaut.jdbc.DataSourceResolver;
import io.micronaut.json.JsonMapper;
import jakarta.inject.Singleton;

import javax.sql.DataSource;
import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * The compliance reports issued to each agent ({@code reports}), so that a periodic review finds the agent's
 * previous report on the same entity. Reports of callers that name no agent are kept but never compared.
 */
@Singleton
public class PreviousReports {

    static final String OPERATION = "compliance_report";
    private static final Argument<Map<String, Object>> JSON_OBJECT = Argument.mapOf(String.class, Object.class);

    private final DataSource dataSource;
    private final JsonMapper json;

    public PreviousReports(DataSource dataSource, DataSourceResolver resolver, JsonMapper json) {
        this.dataSource = resolver.resolve(dataSource);
        this.json = json;
    }

    /** A report as it was delivered. */
    public record Previous(UUID reportId, Instant createdAt, Map<String, Object> body) {
    }

    public Optional<Previous> latest(String agentId, String subject) {
        try (Connection c = dataSource.getConnection();
             PreparedStatement ps = c.prepareStatement("SELECT report_id, created_at, body FROM reports WHERE agent_id = ? AND "
                     + "operation_id = ? AND subject = ? ORDER BY created_at DESC LIMIT 1")) {
            ps.setString(1, agentId);
            ps.setString(2, OPERATION);
            ps.setString(3, subject);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    return Optional.empty();
                }
                return Optional.of(new Previous((UUID) rs.getObject(1), rs.getTimestamp(2).toInstant(), json.readValue(rs.getString(3), JSON_OBJECT)));
            }
        } catch (SQLException | IOException e) {
            throw new IllegalStateException("cannot read previous reports", e);
        }
    }

    public void keep(UUID reportId, String agentId, String subject, Map<String, Object> body) {
        try (Connection c = dataSource.getConnection();
             PreparedStatement ps = c.prepareStatement("INSERT INTO reports (report_id, operation_id, agent_id, subject, body) "
                     + "VALUES (?, ?, ?, ?, ?)")) {
            ps.setObject(1, reportId);
            ps.setString(2, OPERATION);
            ps.setString(3, agentId);
            ps.setString(4, subject);
            ps.setString(5, json.writeValueAsString(body));
            ps.executeUpdate();
        } catch (SQLException | IOException e) {
            throw new IllegalStateException("cannot keep the report", e);
        }
    }
}
