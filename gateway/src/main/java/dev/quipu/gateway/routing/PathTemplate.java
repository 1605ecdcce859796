package dev.quipu.gateway.routing;

import java.util.LinkedHashMap;
import java.util.Map;

/** Matches paths against price-book templates such as {@code /audit/{agent_id}/events/{event_id}}. */
final class PathTemplate {

    private PathTemplate() {
    }

    static boolean matches(String template, String path) {
        return variables(template, path) != null;
    }

    /** The template's variables bound to the path's segments, or null when the path does not fit. */
    static Map<String, String> variables(String template, String path) {
        String[] t = template.split("/", -1);
        String[] p = path.split("/", -1);
        if (t.length != p.length) {
            return null;
        }
        Map<String, String> bound = new LinkedHashMap<>();
        for (int i = 0; i < t.length; i++) {
            if (t[i].startsWith("{") && t[i].endsWith("}")) {
                if (p[i].isEmpty()) {
                    return null;
                }
                bound.put(t[i].substring(1, t[i].length() - 1), java.net.URLDecoder.decode(p[i], java.nio.charset.StandardCharsets.UTF_8));
            } else if (!t[i].equals(p[i])) {
                return null;
            }
        }
        return bound;
    }
}
