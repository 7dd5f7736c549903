package agentmesh.a2a.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class WaitPlacesTest {

    @Test
    void anAgentHoldingAllItsPlacesIsRefusedWhileAnotherAgentIsNot() {
        WaitPlaces places = new WaitPlaces(2);

        assertTrue(places.take("mallory").isPresent());
        assertTrue(places.take("mallory").isPresent());
        assertTrue(places.take("mallory").isEmpty());
        assertTrue(places.take("alice").isPresent());
        assertEquals(2, places.held("mallory"));
        assertEquals(1, places.held("alice"));
    }

    @Test
    void aPlaceReleasedTwiceFreesOnePlaceOnly() {
        WaitPlaces places = new WaitPlaces(2);
        WaitPlaces.Place first = places.take("alice").orElseThrow();
        places.take("alice").orElseThrow();

        first.release();
        first.release(); // a request that ends two ways (answered, then completed by the container)

        assertEquals(1, places.held("alice"));
        assertTrue(places.take("alice").isPresent());
        assertTrue(places.take("alice").isEmpty());
    }

    @Test
    void anAgentThatGaveBackEveryPlaceIsForgotten() {
        WaitPlaces places = new WaitPlaces(1);
        WaitPlaces.Place place = places.take("alice").orElseThrow();

        place.release();

        assertEquals(0, places.held("alice"));
        assertTrue(places.take("alice").isPresent());
    }
}
