package dev.quipu.audit.chain;

import dev.quipu.contracts.events.AuditLink;

import java.sql.ResultSet;
import java.sql.SQLException;

/** Reads an {@link AuditLink} from a row whose first eight columns are the link's, in record order. */
public final class LinkRows {

    private LinkRows() {
    }

    public static AuditLink link(ResultSet rs) throws SQLException {
        return new AuditLink(rs.getString(1), rs.getLong(2), rs.getObject(3).toString(), rs.getString(4),
                rs.getString(5), rs.getString(6), rs.getString(7), rs.getString(8));
    }
}
