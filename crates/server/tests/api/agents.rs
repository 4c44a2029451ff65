//! Staff: the list, adding, editing and deleting, and the short list of those who are not managers.

use super::*;

#[tokio::test]
async fn staff_list_searches_sorts_pages_and_refuses_bad_queries() {
    let w = world().await;
    let token = w.sign_in("demo.pm").await;
    let list = w.get(&token, "/api/agents?limit=25&page=0").await.json();
    let total = list["total"].as_i64().unwrap();
    assert!(total > 25, "the demo builder has more staff than a page");
    assert_eq!(list["data"].as_array().unwrap().len(), 25);
    assert!(list["data"]
        .as_array()
        .unwrap()
        .iter()
        .all(|r| r["builder"] == "Brightway Homes"));
    let last = w
        .get(
            &token,
            &format!("/api/agents?limit=25&page={}", (total - 1) / 25),
        )
        .await
        .json();
    assert_eq!(
        last["data"].as_array().unwrap().len() as i64,
        total - 25 * ((total - 1) / 25)
    );
    for (column, _) in db::users::AGENTS.sort_columns {
        let a = w
            .get(&token, &format!("/api/agents?orderBy={column}&order=asc"))
            .await;
        assert_eq!(a.status, StatusCode::OK, "{column}");
    }
    let asc = w
        .get(&token, "/api/agents?orderBy=username&order=asc&limit=150")
        .await
        .json();
    let names: Vec<&str> = asc["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["username"].as_str().unwrap())
        .collect();
    let mut sorted = names.clone();
    sorted.sort();
    assert_eq!(names, sorted);
    let found = w.get(&token, "/api/agents?search=SELLERS").await.json();
    assert_eq!(found["total"], 1);
    assert_eq!(found["data"][0]["username"], "demo.sales");
    assert_eq!(
        w.get(&token, "/api/agents?search=%25").await.json()["total"],
        0
    );
    for bad in [
        "orderBy=pass_word",
        "order=sideways",
        "limit=10",
        "page=-1",
        "page=abc",
    ] {
        let a = w.get(&token, &format!("/api/agents?{bad}")).await;
        assert_eq!(a.status, StatusCode::UNPROCESSABLE_ENTITY, "{bad}");
        assert!(a.json()["message"].is_string());
    }
    w.done().await;
}

#[tokio::test]
async fn staff_are_added_validated_edited_and_deleted() {
    let w = world().await;
    let token = w.sign_in("demo.pm").await;
    let bad = w.post(&token, "/api/agents", json!({
        "username": "", "firstname": "Ann3", "lastname": "", "phone": "5551234567", "email": "nope"
    })).await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY);
    let errors = &bad.json()["errors"];
    assert_eq!(errors["roles"], "Select at least one role to the agent!");
    assert_eq!(errors["phone"], "Phone must match 999-999-9999");
    let before = w.get(&token, "/api/agents").await.json()["total"].clone();

    let input = json!({"username": "", "firstname": "Nina", "lastname": "New", "phone": "555-222-3333",
        "email": "nina@example.com", "roles": {"id": 1}, "send_sms": 1, "send_email": 1});
    let created = w.post(&token, "/api/agents", input.clone()).await;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.text());
    assert_eq!(created.json()["username"], "nina.new");
    assert_eq!(created.json()["message"], "Agent added successfully");
    let agent = w.get(&token, "/api/agents/nina.new").await.json();
    assert_eq!(
        (agent["send_sms"].as_i64(), agent["send_email"].as_i64()),
        (Some(0), Some(0)),
        "Other Staff get no notifications"
    );
    assert_eq!(agent["roles"]["Label"], "Other Staff");
    assert_eq!(agent["builder"], "Brightway Homes");

    let clash = w.post(&token, "/api/agents", input).await;
    assert_eq!(clash.status, StatusCode::CONFLICT);
    assert_eq!(clash.json()["suggestedUsername"], "nina.new2");

    // The new agent was mailed a link to choose a password; following it signs them in.
    let params = newest_reset_link(&w, "nina@example.com").await;
    let check = w
        .anonymous(
            Method::POST,
            "/api/auth/password_reset",
            json!({"token": params["token"]}),
        )
        .await;
    assert_eq!(check.status, StatusCode::OK);
    let set = w
        .anonymous(
            Method::PUT,
            "/api/auth/password_reset",
            json!({"token": params["token"], "password": "a-new-password"}),
        )
        .await;
    assert_eq!(set.status, StatusCode::OK);
    let again = w
        .anonymous(
            Method::PUT,
            "/api/auth/password_reset",
            json!({"token": params["token"], "password": "another-one"}),
        )
        .await;
    assert_eq!(
        (again.status, again.json()["message"].as_str()),
        (
            StatusCode::BAD_REQUEST,
            Some("Token is not valid or expired.")
        )
    );
    let signed = w
        .anonymous(
            Method::POST,
            "/api/auth/users",
            json!({"username": "nina.new", "password": "a-new-password"}),
        )
        .await;
    assert_eq!(signed.status, StatusCode::OK);

    let edit = json!({"firstname": "Nina", "lastname": "Newer", "phone": "555-222-4444", "email": "nina@example.com",
        "roles": {"id": 2}, "send_sms": 1, "send_email": 1});
    let a = w.patch(&token, "/api/agents/nina.new", edit).await;
    assert_eq!(
        (a.status, a.json()["message"].as_str()),
        (StatusCode::OK, Some("Updated successfully"))
    );
    let agent = w.get(&token, "/api/agents/nina.new").await.json();
    assert_eq!(
        (agent["lastname"].as_str(), agent["userType"].as_str()),
        (Some("Newer"), Some("Sales Staff"))
    );
    assert_eq!(agent["notification_email"], "nina@example.com");
    assert_eq!(agent["groups"][0]["GroupID"], 2);

    let resend = w
        .post(
            &token,
            "/api/agents/resendEmail",
            json!({"username": "nina.new", "email": "nina@example.com"}),
        )
        .await;
    assert_eq!(resend.json()["message"], "Success resend email!");
    let me = w
        .delete_with(&token, "/api/agents", json!({"usernames": ["demo.pm"]}))
        .await;
    assert_eq!(me.status, StatusCode::UNPROCESSABLE_ENTITY);
    let gone = w
        .delete_with(&token, "/api/agents", json!({"usernames": ["nina.new"]}))
        .await;
    assert_eq!(gone.json()["message"], "Successfully deleted");
    assert_eq!(w.get(&token, "/api/agents").await.json()["total"], before);
    assert_eq!(
        w.get(&token, "/api/agents/nina.new").await.status,
        StatusCode::NOT_FOUND
    );

    let sales = w.sign_in("demo.sales").await;
    let refused = w.post(&sales, "/api/agents", json!({"firstname": "X", "lastname": "Y", "phone": "555-222-3333", "email": "x@example.com", "roles": {"id": 2}})).await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);
    w.done().await;
}

#[tokio::test]
async fn staff_who_are_not_managers_choose_from_the_short_list_and_keep_the_staff_rules() {
    let w = world().await;
    let pm = w.sign_in("demo.pm").await;
    let sales = w.sign_in("demo.sales").await;
    let oak = first_id(&w, &pm, "/api/communities?search=oak", "id").await;
    let created = w
        .post(&pm, "/api/properties/new_property", new_property(oak))
        .await;
    let id = created.json()["property_id"].as_i64().unwrap();
    let path = format!("/api/properties/{id}");
    let detail = w.get(&pm, &path).await.json();

    let mut edit = detail.clone();
    edit["disposition_id"] = json!(13);
    edit["contract_date"] = json!("2026-11-01");
    let sold = w.post(&sales, &path, edit).await;
    assert_eq!(
        sold.json()["errors"]["disposition_id"],
        "Only a property manager can choose this status"
    );
    let retire = w
        .call(Method::PATCH, &format!("{path}/retire"), Some(&sales), None)
        .await;
    assert_eq!(retire.status, StatusCode::FORBIDDEN);
    assert_eq!(
        w.get(&pm, &path).await.json()["disposition"],
        "Accessible",
        "refusals change nothing"
    );
    let mut edit = detail.clone();
    edit["disposition_id"] = json!(18);
    let staff_only = w.post(&sales, &path, edit.clone()).await;
    assert_eq!(staff_only.status, StatusCode::OK, "{}", staff_only.text());
    let homes = builder_of_session(&w, &pm).await;
    assert_eq!(
        db::properties::pending_events(&w.state.db, homes)
            .await
            .unwrap()
            .last()
            .unwrap()
            .0,
        "tours.disable",
        "Staff Access stops tours"
    );

    // The Staff tab's rules hold for the whole property's save too.
    edit["agents"] = json!([{"agentUsername": "demo.pm", "is_project_manager": true}]);
    let without_me = w.post(&sales, &path, edit.clone()).await;
    assert_eq!(
        without_me.json()["errors"]["agents"],
        "You cannot remove yourself"
    );
    edit["agents"] = json!([{"agentUsername": "demo.sales", "is_project_manager": false}]);
    let without_pm = w.post(&sales, &path, edit).await;
    assert_eq!(
        without_pm.json()["errors"]["agents"],
        "A PM is required to be assigned!"
    );
    let demoted = w
        .patch(
            &sales,
            &format!("{path}/agent"),
            json!({"agentUsername": "demo.pm", "is_project_manager": false}),
        )
        .await;
    assert_eq!(
        demoted.json()["errors"]["agentUsername"],
        "A PM is required to be assigned!"
    );
    let staff = w.get(&pm, &path).await.json()["agents"].clone();
    assert_eq!(staff.as_array().unwrap().len(), 2, "{staff}");
    assert_eq!(staff[0]["is_project_manager"], true);

    let cedar = w.sign_in("cedar.pm").await;
    let foreign = w
        .delete_with(
            &cedar,
            &format!("{path}/agent"),
            json!({"agentUsername": "demo.sales"}),
        )
        .await;
    assert_eq!(foreign.status, StatusCode::NOT_FOUND);
    w.done().await;
}
