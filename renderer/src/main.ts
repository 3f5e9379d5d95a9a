import { createApp } from 'vue'
import App from './App.vue'
import { setupApp } from './setup'
import './styles/base.css'

const app = createApp(App)
await setupApp(app)
app.mount('#app')
