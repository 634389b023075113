import datetime, os
from deal_engine import Client
client = Client(os.environ.get("DEAL_ENGINE_URL", "http://localhost:8080"), api_key=os.environ.get("DEAL_ENGINE_API_KEY"))
for ev in client.search_flights(origin="JFK", destination="LHR", departure_date=str(datetime.date.today() + datetime.timedelta(days=45))):
    if ev["type"] == "result": print(ev["data"]["carrier"], ev["data"]["route"], ev["data"]["price"], ev["data"]["currency"])
